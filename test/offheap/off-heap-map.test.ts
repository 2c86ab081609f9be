import { existsSync, mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OffHeapMap } from '../../src/offheap/off-heap-map.js';

const root = path.join(os.tmpdir(), 'ledgerlift-off-heap');

describe('OffHeapMap', () => {
  it('removes the scratch a killed process left, and keeps a live process’s', () => {
    // Created before this file opens its first map: opening one sweeps the folder.
    const killed = path.join(root, '4194999-0-1'); // above Linux's largest pid: never alive
    const alive = path.join(root, `${process.pid}-99-1`);
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
});
