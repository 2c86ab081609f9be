/**
 * Opens an off-heap map in a process of its own (its temp folder is whatever TMPDIR says), writes
 * and reads an entry, then prints the temp folder's entries with their modes as one JSON line.
 */
import { lstatSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OffHeapMap } from '../../../src/offheap/off-heap-map.js';

const map = OffHeapMap.create<string>();
map.set(['outcome', 'INV-1'], 'created');
const read = map.get(['outcome', 'INV-1']);
const entries = readdirSync(os.tmpdir()).map((name) => {
  const stats = lstatSync(path.join(os.tmpdir(), name));
  return { name, folder: stats.isDirectory(), mode: stats.mode & 0o777 };
});
process.stdout.write(`${JSON.stringify({ read, entries })}\n`);
