import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { localDataDir } from '../config/project-paths.js';
import { OWNER_ONLY_FILE, OWNER_ONLY_FOLDER } from '../private-files/private-files.js';
import {
  credentialFileSchema,
  type CredentialFile,
  type CredentialStore,
  type LockedCredentialStore,
  type LockOptions,
  CredentialStoreError,
} from './credential-store.js';
import { withLockFile } from './lock-file.js';

/** The environment variable that moves the credential file. */
const CREDENTIALS_PATH_ENV = 'LEDGERLIFT_CREDENTIALS';

/** `<project>/.ledgerlift/credentials.json`, the file's home unless configured otherwise. */
export const defaultCredentialsPath = path.join(localDataDir, 'credentials.json');

/** The credential file to use: the explicit path, else `LEDGERLIFT_CREDENTIALS`, else the default. */
export function resolveCredentialsPath(
  explicitPath?: string,
  env: NodeJS.ProcessEnv = process.env,
): string {
  const chosen = explicitPath ?? nonEmpty(env[CREDENTIALS_PATH_ENV]) ?? defaultCredentialsPath;
  return path.resolve(chosen);
}

/** Options for `createFileCredentialStore`. */
export interface FileCredentialStoreOptions {
  /** The JSON file; see `resolveCredentialsPath` for the default. */
  path?: string;
  env?: NodeJS.ProcessEnv;
  /** A lock older than this is treated as abandoned (default 5 min). */
  staleLockMs?: number;
}

const checksPermissions = process.platform !== 'win32';

/**
 * A credential store in one JSON file readable only by its owner (mode 0600, refused when group or
 * others can read it, as ssh does with keys). Every write replaces the file atomically (temporary
 * file, fsync, rename), so a reader sees the old or the new file and never half of one. Writes and
 * refreshes serialize on `<file>.lock`, which works across processes.
 */
export function createFileCredentialStore(
  options: FileCredentialStoreOptions = {},
): CredentialStore {
  const filePath = resolveCredentialsPath(options.path, options.env);
  const lockPath = `${filePath}.lock`;

  const locked: LockedCredentialStore = {
    read: async (profileName) => (await readFile(filePath)).profiles[profileName],
    write: async (profileName, profile) => {
      const file = await readFile(filePath);
      file.profiles[profileName] = { ...profile, updatedAt: new Date().toISOString() };
      await writeFileAtomically(filePath, file);
    },
  };

  const withLock = async <T>(
    work: (store: LockedCredentialStore) => Promise<T>,
    lockOptions: LockOptions = {},
  ): Promise<T> => {
    await ensureDirectory(path.dirname(filePath));
    return withLockFile(lockPath, () => work(locked), {
      timeoutMs: lockOptions.timeoutMs,
      signal: lockOptions.signal,
      staleMs: options.staleLockMs,
    });
  };

  return {
    location: filePath,
    getProfile: async (profileName) => (await readFile(filePath)).profiles[profileName],
    listProfiles: async () => Object.keys((await readFile(filePath)).profiles).sort(),
    putProfile: (profileName, profile) => withLock((store) => store.write(profileName, profile)),
    deleteProfile: (profileName) =>
      withLock(async () => {
        const file = await readFile(filePath);
        if (!(profileName in file.profiles)) return false;
        delete file.profiles[profileName];
        await writeFileAtomically(filePath, file);
        return true;
      }),
    withLock,
  };
}

async function readFile(filePath: string): Promise<CredentialFile> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(filePath, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, profiles: {} };
    throw new CredentialStoreError(`cannot open the credential file ${filePath}`, { cause: error });
  }
  let text: string;
  try {
    // Checked on the open handle, so the file we judge is the file we read.
    const stats = await handle.stat();
    if (checksPermissions && (stats.mode & 0o077) !== 0) {
      throw new CredentialStoreError(
        `the credential file ${filePath} is readable by other users ` +
          `(mode ${(stats.mode & 0o777).toString(8)}); run: chmod 600 '${filePath}'`,
      );
    }
    text = await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
  return parseFile(filePath, text);
}

function parseFile(filePath: string, text: string): CredentialFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new CredentialStoreError(
      `the credential file ${filePath} is not valid JSON; fix it or remove it and reconnect`,
    );
  }
  const parsed = credentialFileSchema.safeParse(json);
  if (!parsed.success) {
    // Issue paths and messages only: the values are secrets.
    const where = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('; ');
    throw new CredentialStoreError(`the credential file ${filePath} is malformed (${where})`);
  }
  return parsed.data;
}

async function writeFileAtomically(filePath: string, file: CredentialFile): Promise<void> {
  const directory = path.dirname(filePath);
  await ensureDirectory(directory);
  const temporary = path.join(
    directory,
    `.${path.basename(filePath)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`,
  );
  try {
    // Created 0600 from the first byte: the secret never sits in a world-readable file.
    const handle = await fs.open(temporary, 'wx', OWNER_ONLY_FILE);
    try {
      await handle.writeFile(`${JSON.stringify(file, null, 2)}\n`, 'utf8');
      await handle.chmod(OWNER_ONLY_FILE);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temporary, filePath);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw new CredentialStoreError(`cannot write the credential file ${filePath}`, {
      cause: error,
    });
  }
  await syncDirectory(directory);
}

async function ensureDirectory(directory: string): Promise<void> {
  try {
    await fs.mkdir(directory, { recursive: true, mode: OWNER_ONLY_FOLDER });
  } catch (error) {
    throw new CredentialStoreError(`cannot create the credential directory ${directory}`, {
      cause: error,
    });
  }
}

/** Makes the rename durable; some platforms cannot open directories, which is harmless there. */
async function syncDirectory(directory: string): Promise<void> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(directory, 'r');
    await handle.sync();
  } catch {
    // Best effort only.
  } finally {
    await handle?.close();
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  return value && value.trim() !== '' ? value : undefined;
}
