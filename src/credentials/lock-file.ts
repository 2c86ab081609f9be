import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import { CredentialStoreError, CredentialStoreLockTimeoutError } from './errors.js';

/**
 * An exclusive lock shared by every process on the machine: a file created with O_EXCL. Used around
 * token refresh so that two workers sharing one credential file never spend the same refresh token
 * twice (the API rotates it, so the loser would be locked out).
 */

/** Options for `withLockFile`. */
export interface LockFileOptions {
  /** Give up after waiting this long (default 60 s). */
  timeoutMs?: number;
  /**
   * A lock older than this is considered abandoned even if its holder looks alive (default 5 min:
   * far longer than one refresh, which is bounded by the request timeout).
   */
  staleMs?: number;
  signal?: AbortSignal;
}

interface LockOwner {
  pid: number;
  hostname: string;
  nonce: string;
  acquiredAt: number;
}

const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_STALE_MS = 5 * 60_000;
const FIRST_POLL_MS = 5;
const MAX_POLL_MS = 100;

/** Runs `work` while holding the lock file at `lockPath`, releasing it however `work` ends. */
export async function withLockFile<T>(
  lockPath: string,
  work: () => Promise<T>,
  options: LockFileOptions = {},
): Promise<T> {
  const owner = await acquire(lockPath, options);
  try {
    return await work();
  } finally {
    await release(lockPath, owner);
  }
}

async function acquire(lockPath: string, options: LockFileOptions): Promise<LockOwner> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const staleMs = options.staleMs ?? DEFAULT_STALE_MS;
  const deadline = Date.now() + timeoutMs;
  let pollMs = FIRST_POLL_MS;
  for (;;) {
    options.signal?.throwIfAborted();
    const owner: LockOwner = {
      pid: process.pid,
      hostname: os.hostname(),
      nonce: randomBytes(12).toString('hex'),
      acquiredAt: Date.now(),
    };
    if (await tryCreate(lockPath, owner)) return owner;
    if (await breakIfAbandoned(lockPath, staleMs)) continue;
    if (Date.now() >= deadline) {
      throw new CredentialStoreLockTimeoutError(
        `timed out after ${timeoutMs} ms waiting for the credential lock ${lockPath}; ` +
          'another process is refreshing tokens (delete the file if no Ledgerlift process is running)',
      );
    }
    // Polling is bounded and short: the holder only keeps the lock for one refresh request.
    await delay(Math.min(pollMs, Math.max(1, deadline - Date.now())), undefined, {
      signal: options.signal,
    });
    pollMs = Math.min(pollMs * 2, MAX_POLL_MS);
  }
}

async function tryCreate(lockPath: string, owner: LockOwner): Promise<boolean> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(lockPath, 'wx', 0o600);
  } catch (error) {
    if (isErrno(error, 'EEXIST')) return false;
    throw new CredentialStoreError(`cannot create the credential lock ${lockPath}`, {
      cause: error,
    });
  }
  try {
    await handle.writeFile(JSON.stringify(owner));
  } finally {
    await handle.close();
  }
  return true;
}

/** Removes a lock whose holder is gone; true when the caller should try again at once. */
async function breakIfAbandoned(lockPath: string, staleMs: number): Promise<boolean> {
  const seen = await readLock(lockPath);
  // Released between our create attempt and this read: try again.
  if (!seen) return true;
  const owner = parseOwner(seen.text);
  // A lock without an owner yet is being written right now, unless it has been like that too long.
  const abandoned = owner
    ? Date.now() - owner.acquiredAt > staleMs || holderIsDead(owner)
    : Date.now() - seen.modifiedAt > staleMs;
  if (!abandoned) return false;
  // Move it aside under a name of our own, then check we moved the file we judged: another process
  // may have broken it and taken a fresh lock meanwhile, and that one must stay where it was.
  const graveyard = `${lockPath}.abandoned-${randomBytes(6).toString('hex')}`;
  try {
    await fs.rename(lockPath, graveyard);
  } catch (error) {
    if (isErrno(error, 'ENOENT')) return true;
    throw error;
  }
  const moved = await readLock(graveyard);
  const same =
    moved !== undefined &&
    moved.dev === seen.dev &&
    moved.ino === seen.ino &&
    moved.text === seen.text;
  if (!same) {
    // Put the live lock back without replacing one created since (link fails if the name exists).
    try {
      await fs.link(graveyard, lockPath);
    } catch (error) {
      if (!isErrno(error, 'EEXIST')) throw error;
    }
  }
  await fs.rm(graveyard, { force: true });
  return true;
}

/** A lock file's identity and content, read through one handle; undefined when it is gone. */
async function readLock(
  file: string,
): Promise<{ text: string; modifiedAt: number; dev: number; ino: number } | undefined> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, 'r');
  } catch (error) {
    if (isErrno(error, 'ENOENT')) return undefined;
    throw new CredentialStoreError(`cannot read the credential lock ${file}`, { cause: error });
  }
  try {
    const [stats, text] = await Promise.all([handle.stat(), handle.readFile('utf8')]);
    return { text, modifiedAt: stats.mtimeMs, dev: stats.dev, ino: stats.ino };
  } finally {
    await handle.close();
  }
}

function holderIsDead(owner: LockOwner): boolean {
  if (owner.hostname !== os.hostname()) return false;
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (error) {
    return isErrno(error, 'ESRCH');
  }
}

async function release(lockPath: string, owner: LockOwner): Promise<void> {
  try {
    const current = parseOwner(await fs.readFile(lockPath, 'utf8'));
    // Only remove our own lock: if it was broken as abandoned, someone else may hold it now.
    if (current?.nonce === owner.nonce) await fs.rm(lockPath, { force: true });
  } catch (error) {
    if (!isErrno(error, 'ENOENT')) throw error;
  }
}

function parseOwner(text: string): LockOwner | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockOwner> | null;
    if (
      value &&
      typeof value.pid === 'number' &&
      typeof value.hostname === 'string' &&
      typeof value.nonce === 'string' &&
      typeof value.acquiredAt === 'number'
    ) {
      return value as LockOwner;
    }
  } catch {
    // Partially written: treated as "being written" by the caller.
  }
  return undefined;
}

function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}
