import { chmodSync, mkdirSync, statSync, type Stats } from 'node:fs';
import { chmod, mkdir, open, stat } from 'node:fs/promises';

/**
 * Run folders, reports, logs and scratch hold a client's books: only the user Ledgerlift runs as
 * may enter the folders and read the files. The modes are given when a folder or file is created,
 * so nothing is ever readable by others, not even for a moment; the umask can only take bits away
 * from them, never add any.
 */

/** rwx for the owner only. */
export const OWNER_ONLY_FOLDER = 0o700;
/** rw for the owner only. */
export const OWNER_ONLY_FILE = 0o600;

/**
 * Makes `folder` and any missing parent owner-only. A folder an older version left open to others
 * is closed when it belongs to this user (then the files in it, whatever their mode, cannot be
 * reached through it); someone else's folder is left as it is.
 */
export async function makePrivateFolder(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true, mode: OWNER_ONLY_FOLDER });
  const stats = await stat(folder);
  if (opensToOthers(stats) && ownedByThisUser(stats)) await chmod(folder, OWNER_ONLY_FOLDER);
}

/** `makePrivateFolder` for code that cannot wait (a log opened at start-up). */
export function makePrivateFolderSync(folder: string): void {
  mkdirSync(folder, { recursive: true, mode: OWNER_ONLY_FOLDER });
  const stats = statSync(folder);
  if (opensToOthers(stats) && ownedByThisUser(stats)) chmodSync(folder, OWNER_ONLY_FOLDER);
}

/**
 * Writes `data` to `file`, readable by its owner only, even when it replaces an older open file.
 * `data` may arrive in pieces (an async iterable of text), so a large file is never held whole.
 */
export async function writePrivateFile(
  file: string,
  data: string | Uint8Array | AsyncIterable<string>,
): Promise<void> {
  const handle = await open(file, 'w', OWNER_ONLY_FILE);
  try {
    if (opensToOthers(await handle.stat())) await handle.chmod(OWNER_ONLY_FILE);
    if (typeof data === 'string' || data instanceof Uint8Array) await handle.writeFile(data);
    else for await (const piece of data) await handle.write(piece);
  } finally {
    await handle.close();
  }
}

function opensToOthers(stats: Stats): boolean {
  return (stats.mode & 0o077) !== 0;
}

function ownedByThisUser(stats: Stats): boolean {
  // Windows has no owner ids (and no modes to speak of): nothing to close there.
  return process.getuid !== undefined && stats.uid === process.getuid();
}

/**
 * True while the process `pid` runs, so that a file or folder it left behind (a dev stack's file,
 * an off-heap scratch folder) is known to be stale once it has gone. EPERM means the process exists
 * but belongs to someone else: it still runs.
 */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
