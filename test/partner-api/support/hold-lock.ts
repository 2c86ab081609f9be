/**
 * A second process for the lock tests: takes the credential lock, prints "locked", and releases it
 * when a line arrives on stdin (then prints "released").
 */
import { createInterface } from 'node:readline';
import { withLockFile } from '../../../src/credentials/lock-file.js';

const lockPath = process.argv[2];
if (!lockPath) throw new Error('usage: hold-lock <lock path>');
const lines = createInterface({ input: process.stdin });
await withLockFile(lockPath, async () => {
  process.stdout.write('locked\n');
  await new Promise<void>((resolve) => lines.once('line', () => resolve()));
});
process.stdout.write('released\n');
lines.close();
