import { createHash, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import { OWNER_ONLY_FILE } from '../private-files/private-files.js';
import { CredentialStoreError, CredentialStoreLockTimeoutError } from './credential-store.js';

/**
 * An exclusive lock shared by every process on the machine: a file created with O_EXCL. Used around
 * token refresh so that two workers sharing one credential file never spend the same refresh token
 * twice (the API rotates it, so the loser would be locked out).
 *
 * Creating the lock is safe by itself (O_EXCL); removing it is not, because unlink works on a name:
 * a process that judged one lock and unlinks a moment later may remove another that took its place.
 * So every removal of a lock, its owner's release as much as the break of an abandoned one, happens
 * under a removal claim for that one lock: `<lock>.break-<id>.<n>`, also created with O_EXCL, where
 * `<id>` names the lock (a digest of its owner's nonce). Holding the claim, the process reads the
 * lock again and unlinks it only if it is still that same lock. Nobody can replace the lock in
 * between: the name is taken while it exists, and anyone else who would remove it needs the claim.
 * A live lock is never moved or renamed.
 *
 * A claim whose holder died (or that is older than the stale age) is itself abandoned. It is never
 * removed while its lock may still exist, which would let two processes create the same claim;
 * instead the next claim, `.<n+1>`, is created with O_EXCL, so only one process takes over. Claims
 * are removed once the lock they name is gone (that lock never comes back: its nonce is random).
 */

/** Options for `withLockFile`. */
export interface LockFileOptions {
  /** Give up after waiting this long (default 60 s). */
  timeoutMs?: number;
  /**
   * A lock older than this is considered abandoned even if its holder looks alive (default 5 min:
   * far longer than one refresh, which is bounded by the request timeout). The same age applies to
   * a removal claim, which its holder keeps for two file operations.
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

/** A lock or claim file as read through one handle. */
interface SeenLock {
  text: string;
  modifiedAt: number;
  dev: number;
  ino: number;
}

const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_STALE_MS = 5 * 60_000;
const FIRST_POLL_MS = 5;
const MAX_POLL_MS = 100;
/** Each abandoned claim on one lock is a process that died mid-removal; more than this is a fault. */
const MAX_CLAIMS = 16;

/** Runs `work` while holding the lock file at `lockPath`, releasing it however `work` ends. */
export async function withLockFile<T>(
  lockPath: string,
  work: () => Promise<T>,
  options: LockFileOptions = {},
): Promise<T> {
  const staleMs = options.staleMs ?? DEFAULT_STALE_MS;
  const owner = await acquire(lockPath, staleMs, options);
  try {
    return await work();
  } finally {
    // Only our own lock: if it was broken as abandoned, someone else may hold the name now.
    await removeIfStill(lockPath, identityOfOwner(owner), staleMs);
  }
}

async function acquire(
  lockPath: string,
  staleMs: number,
  options: LockFileOptions,
): Promise<LockOwner> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  let pollMs = FIRST_POLL_MS;
  for (;;) {
    options.signal?.throwIfAborted();
    const owner = newOwner();
    if (await tryCreate(lockPath, owner)) return owner;
    const seen = await readLock(lockPath);
    // Released between our create attempt and this read: try again at once.
    if (!seen) continue;
    if (isAbandoned(seen, staleMs) && (await removeIfStill(lockPath, identityOf(seen), staleMs))) {
      continue;
    }
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

function newOwner(): LockOwner {
  return {
    pid: process.pid,
    hostname: os.hostname(),
    nonce: randomBytes(12).toString('hex'),
    acquiredAt: Date.now(),
  };
}

/** Creates `file` with O_EXCL and writes `owner` into it; false when the name is taken. */
async function tryCreate(file: string, owner: LockOwner): Promise<boolean> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, 'wx', OWNER_ONLY_FILE);
  } catch (error) {
    if (isErrno(error, 'EEXIST')) return false;
    throw new CredentialStoreError(`cannot create the credential lock ${file}`, { cause: error });
  }
  try {
    await handle.writeFile(JSON.stringify(owner));
  } finally {
    await handle.close();
  }
  return true;
}

/**
 * Unlinks the lock at `lockPath` if it is still the lock named `identity`, under a removal claim.
 * True when that lock is gone (removed here or by someone else); false when another process holds
 * the claim to remove it, and the caller should wait like anyone else.
 */
async function removeIfStill(
  lockPath: string,
  identity: string,
  staleMs: number,
): Promise<boolean> {
  const claim = await takeRemovalClaim(lockPath, identity, staleMs);
  if (!claim) return false;
  const current = await readLock(lockPath);
  const same = current !== undefined && identityOf(current) === identity;
  if (same) {
    try {
      await fs.unlink(lockPath);
    } catch (error) {
      if (!isErrno(error, 'ENOENT')) {
        await fs.rm(claim.path, { force: true });
        throw new CredentialStoreError(`cannot remove the credential lock ${lockPath}`, {
          cause: error,
        });
      }
    }
  }
  // The lock named `identity` is gone for good, so its claims, ours and any abandoned before it,
  // can no longer guard anything.
  for (let number = claim.number; number >= 1; number -= 1) {
    await fs.rm(claimPath(lockPath, identity, number), { force: true });
  }
  return true;
}

/**
 * Takes the claim to remove the lock named `identity`: the first of `<lock>.break-<id>.1, .2, ...`
 * that this process creates, passing over claims whose holders abandoned them. Undefined when a live
 * process holds a claim.
 */
async function takeRemovalClaim(
  lockPath: string,
  identity: string,
  staleMs: number,
): Promise<{ path: string; number: number } | undefined> {
  for (let number = 1; number <= MAX_CLAIMS; number += 1) {
    const path = claimPath(lockPath, identity, number);
    if (await tryCreate(path, newOwner())) return { path, number };
    const seen = await readLock(path);
    // Gone since: its holder finished, so the lock it named is gone too.
    if (!seen) return undefined;
    if (!isAbandoned(seen, staleMs)) return undefined;
  }
  throw new CredentialStoreError(
    `${MAX_CLAIMS} processes died while removing the credential lock ${lockPath}; ` +
      `delete ${lockPath} and ${lockPath}.break-* if no Ledgerlift process is running`,
  );
}

function claimPath(lockPath: string, identity: string, number: number): string {
  return `${lockPath}.break-${identity}.${number}`;
}

/**
 * A name for one lock that no later lock shares: its owner's random nonce, or, while the owner is
 * still being written, the file itself (device, inode, modification time). Hashed, so that the
 * file's content never becomes part of a path.
 */
function identityOf(seen: SeenLock): string {
  const owner = parseOwner(seen.text);
  return owner
    ? identityOfOwner(owner)
    : digest(`file:${seen.dev}:${seen.ino}:${seen.modifiedAt}:${seen.text}`);
}

function identityOfOwner(owner: LockOwner): string {
  return digest(`owner:${owner.nonce}`);
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 24);
}

/** Whether a lock or claim was left by a holder that is gone (or has kept it far too long). */
function isAbandoned(seen: SeenLock, staleMs: number): boolean {
  const owner = parseOwner(seen.text);
  // Without an owner yet it is being written right now, unless it has been like that too long.
  return owner
    ? Date.now() - owner.acquiredAt > staleMs || holderIsDead(owner)
    : Date.now() - seen.modifiedAt > staleMs;
}

/** A lock file's identity and content, read through one handle; undefined when it is gone. */
async function readLock(file: string): Promise<SeenLock | undefined> {
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
