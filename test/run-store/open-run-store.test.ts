import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { openRunStores } from '../../src/run-store/open-run-store.js';

const roots: string[] = [];
afterAll(async () => Promise.all(roots.map((root) => rm(root, { recursive: true, force: true }))));
afterEach(() => {
  vi.useRealTimers();
});

describe("the worker's run stores", () => {
  // A paused run kept its store, and with it its outcome index and batched appends, for the life
  // of the worker: memory the run store can give back (docs/benchmarks.md, "Memory while waiting").
  it("lets a run's store go once it is unused for the idle time, and keeps a store in use", async () => {
    const runsDir = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-stores-'));
    roots.push(runsDir);
    vi.useFakeTimers();
    const stores = openRunStores({ runsDir, releaseIdleAfterMs: 60_000 });
    try {
      const paused = await stores.open('paused');
      const busy = await stores.open('busy');
      for (let minute = 0; minute < 3; minute += 1) {
        await vi.advanceTimersByTimeAsync(40_000);
        expect(await stores.open('busy')).toBe(busy);
      }
      expect(await stores.open('paused')).not.toBe(paused);
    } finally {
      await stores.close();
    }
  });

  it('keeps every store for the life of the process without an idle time', async () => {
    const runsDir = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-stores-'));
    roots.push(runsDir);
    vi.useFakeTimers();
    const stores = openRunStores({ runsDir });
    const store = await stores.open('run');
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(await stores.open('run')).toBe(store);
    await stores.close();
  });
});
