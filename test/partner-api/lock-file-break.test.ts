import { promises as fs } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withLockFile } from '../../src/credentials/lock-file.js';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

afterEach(() => vi.restoreAllMocks());

describe('breaking a stale credential lock', () => {
  it('never lets two processes hold it when two break the same stale lock', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-lock-'));
    try {
      const lockPath = path.join(dir, 'credentials.json.lock');
      // Left behind by a process long gone.
      await writeFile(
        lockPath,
        JSON.stringify({ pid: 1, hostname: 'elsewhere', nonce: 'old', acquiredAt: 0 }),
      );
      let holding = 0;
      let mostHolding = 0;
      const hold = () => {
        holding += 1;
        mostHolding = Math.max(mostHolding, holding);
      };
      const aAcquired = deferred();
      const releaseA = deferred();
      let firstBreak = true;
      let brokenByB = false;
      const rename = fs.rename.bind(fs);
      const open = fs.open.bind(fs);
      // The interleaving that loses: B reads the stale lock, then A breaks it and takes a fresh
      // one, and only then does B's rename run.
      vi.spyOn(fs, 'rename').mockImplementation(async (from, to) => {
        if (firstBreak) {
          firstBreak = false;
          void withLockFile(lockPath, async () => {
            hold();
            aAcquired.resolve();
            await releaseA.promise;
            holding -= 1;
          });
          await aAcquired.promise;
          brokenByB = true;
        }
        return rename(from, to);
      });
      // A holds the lock until B has found it taken again (or, wrongly, taken it itself).
      vi.spyOn(fs, 'open').mockImplementation(async (file, flags, mode) => {
        try {
          return await open(file, flags, mode);
        } catch (error) {
          if (brokenByB && flags === 'wx') releaseA.resolve();
          throw error;
        }
      });
      await withLockFile(lockPath, () => {
        hold();
        releaseA.resolve();
        holding -= 1;
        return Promise.resolve();
      });
      expect(mostHolding).toBe(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
