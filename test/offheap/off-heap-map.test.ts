import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { projectRoot } from '../../src/config/project-paths.js';
import { OffHeapMap } from '../../src/offheap/off-heap-map.js';
import { runCommand } from '../support/processes.js';

describe('OffHeapMap', () => {
  it('removes the scratch a killed process left, and keeps a live process’s', () => {
    // Created before this file opens its first map: opening one sweeps the temp folder.
    // 4194999 is above Linux's largest pid: never alive.
    const killed = path.join(os.tmpdir(), 'ledgerlift-off-heap-4194999-0-Xk3j9Q');
    const alive = path.join(os.tmpdir(), `ledgerlift-off-heap-${process.pid}-99-Pq8z2W`);
    mkdirSync(killed, { recursive: true });
    mkdirSync(alive, { recursive: true });
    try {
      OffHeapMap.create<string>().set(['k'], 'v');
      expect(existsSync(killed)).toBe(false);
      expect(existsSync(alive)).toBe(true);
    } finally {
      rmSync(alive, { recursive: true, force: true });
    }
  });

  it('keeps its scratch in a private folder of its own, which no one can take first', async () => {
    const tmp = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-tmpdir-'));
    try {
      // Another local user got there first: the old shared folder's name is taken (by a file,
      // which blocks a folder of that name as surely as someone else's folder would).
      await writeFile(path.join(tmp, 'ledgerlift-off-heap'), 'planted', { mode: 0o666 });
      const child = await runCommand(
        process.execPath,
        ['--import', 'tsx', path.join(projectRoot, 'test/offheap/support/use-off-heap.ts')],
        { TMPDIR: tmp },
      );
      expect(child.stderr).toBe('');
      const seen = JSON.parse(child.stdout) as {
        read: string;
        entries: Array<{ name: string; folder: boolean; mode: number }>;
      };
      expect(seen.read).toBe('created');
      // (tsx, which runs the child, keeps its cache there too.)
      const ours = (name: string) => name.startsWith('ledgerlift-');
      const scratch = seen.entries.filter(
        (entry) => ours(entry.name) && entry.name !== 'ledgerlift-off-heap',
      );
      expect(scratch).toHaveLength(1);
      expect(scratch[0]?.name).toMatch(/^ledgerlift-off-heap-\d+-\d+-[A-Za-z0-9]{6}$/);
      expect(scratch[0]).toMatchObject({ folder: true, mode: 0o700 });
      // The planted file is neither used nor removed, and the scratch goes with its process.
      expect((await stat(path.join(tmp, 'ledgerlift-off-heap'))).size).toBe('planted'.length);
      expect((await readdir(tmp)).filter(ours)).toEqual(['ledgerlift-off-heap']);
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  });

  it('keeps maps apart, lists by key prefix in order, and clears one map only', () => {
    const a = OffHeapMap.create<{ amount: string }>();
    const b = OffHeapMap.create<{ amount: string }>();
    a.setMany([
      [['invoice', 'INV-2'], { amount: '20.00' }],
      [['invoice', 'INV-1'], { amount: '10.00' }],
      [['invoices', 'X'], { amount: '1.00' }],
      [['bill', 'B-1'], { amount: '5.00' }],
    ]);
    b.set(['invoice', 'INV-1'], { amount: '99.99' });
    a.set(['invoice', 'INV-1'], { amount: '10.01' });

    expect([...a.entries(['invoice'])]).toEqual([
      [['invoice', 'INV-1'], { amount: '10.01' }],
      [['invoice', 'INV-2'], { amount: '20.00' }],
    ]);
    expect([...a.values()].map((v) => v.amount)).toEqual(['5.00', '10.01', '20.00', '1.00']);
    expect(b.get(['invoice', 'INV-1'])).toEqual({ amount: '99.99' });

    a.setMany(Array.from({ length: 25_000 }, (_, n) => [['bulk', String(n)], { amount: '1.00' }]));
    a.clear(); // more entries than one clearing transaction takes
    expect([...a.values()]).toEqual([]);
    expect(a.get(['bill', 'B-1'])).toBeUndefined();
    expect(b.get(['invoice', 'INV-1'])).toEqual({ amount: '99.99' });
  });

  it('is empty at once when cleared, and keeps what is written after while the old is freed', () => {
    vi.useFakeTimers();
    try {
      const map = OffHeapMap.create<{ amount: string }>();
      map.setMany(Array.from({ length: 25_000 }, (_, n) => [['bulk', n], { amount: 'old' }]));
      map.clear();
      expect(map.get(['bulk', 7])).toBeUndefined();
      map.setMany(Array.from({ length: 1_500 }, (_, n) => [['bulk', n], { amount: 'new' }]));
      // The old entries are freed a transaction (10,000) a second: let every one go by.
      vi.advanceTimersByTime(10_000);
      expect(map.get(['bulk', 7])).toEqual({ amount: 'new' });
      expect([...map.values()]).toHaveLength(1_500);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads its own writes before and after they are committed together, the last write winning', () => {
    const map = OffHeapMap.create<{ n: number }>();
    // More writes than one commit takes, each key written twice.
    for (let round = 0; round < 2; round += 1) {
      for (let n = 0; n < 1500; n += 1) map.set(['k', n], { n: n + round * 10_000 });
    }
    map.set(['k', '7'], { n: -7 }); // the text "7" is another key than the number 7

    expect(map.get(['k', 7])).toEqual({ n: 10_007 });
    expect(map.get(['k', 1499])).toEqual({ n: 11_499 });
    expect(map.get(['k', '7'])).toEqual({ n: -7 });
    const listed = [...map.entries(['k'])];
    expect(listed).toHaveLength(1501);
    expect(listed[0]).toEqual([['k', 0], { n: 10_000 }]);
    map.clear();
    expect(map.get(['k', '7'])).toBeUndefined();
    expect([...map.values()]).toEqual([]);
  });

  it('gives back values of many shapes exactly, the shapes kept once for all maps', () => {
    // More shapes than MessagePack shares (it then writes the rest into each value), nested, with
    // optional members missing, across maps and across commits.
    const shapeOf = (n: number) => ({
      [`field${n % 300}`]: `${n}.00`,
      ...(n % 2 === 0 ? { lines: [{ amount: '1.50', [`tag${n % 7}`]: true }] } : {}),
      ...(n % 3 === 0 ? { note: null, count: n } : {}),
    });
    const maps = [OffHeapMap.create<object>(), OffHeapMap.create<object>()];
    for (let n = 0; n < 3000; n += 1) maps[n % 2]?.set(['doc', n], shapeOf(n));
    for (let n = 0; n < 3000; n += 1) expect(maps[n % 2]?.get(['doc', n])).toEqual(shapeOf(n));
    const listed = [...(maps[1]?.entries(['doc']) ?? [])];
    expect(listed).toHaveLength(1500);
    for (const [key, value] of listed) expect(value).toEqual(shapeOf(Number(key[1])));
  });
});
