import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { RunScope } from '../../../src/migration/contracts/workflow-types.js';
import { scopeKeys } from '../../../src/migration/outcomes/run-keys.js';
import { readUnit, unitPage } from '../../../src/migration/planning/unit-pages.js';
import { FileRunStore } from '../../../src/run-store/file-run-store.js';
import type { RunStore } from '../../../src/run-store/run-store.js';

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));
afterEach(() => {
  vi.useRealTimers();
});

const scope: RunScope = { runName: 'r', mode: 'live', stageId: 's', profile: 'p' };
const unit = (index: number) => ({
  step: 'customers' as const,
  phase: 'create' as const,
  planId: 'main',
  index,
});

/** A run store that counts the documents read from it. */
function countingReads(store: RunStore): { store: RunStore; reads: () => number } {
  let reads = 0;
  const counted = Object.create(store) as RunStore;
  counted.getDocument = <T>(key: string) => {
    reads += 1;
    return store.getDocument<T>(key);
  };
  return { store: counted, reads: () => reads };
}

describe('the units of a planned phase', () => {
  // A paused worker kept the last sixteen pages it read (up to a megabyte each) for good: memory
  // the run store gives back (docs/benchmarks.md, "Memory while waiting").
  it('are read once a page while units are being run, and let go once none has been', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-unit-pages-'));
    dirs.push(dir);
    const file = new FileRunStore(path.join(dir, `store-${Date.now()}`));
    const rows = [
      [{ entity: 'customer', key: 'C1', data: {} }],
      [{ entity: 'customer', key: 'C2', data: {} }],
    ];
    await file.putDocument(
      scopeKeys(scope).unitPage('main', 'customers', 'create', 0),
      unitPage(0, rows),
    );
    const { store, reads } = countingReads(file);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });

    expect((await readUnit(store, scope, unit(0)))?.rows).toEqual(rows[0]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect((await readUnit(store, scope, unit(1)))?.rows).toEqual(rows[1]);
    expect(reads()).toBe(1);

    await vi.advanceTimersByTimeAsync(60_000);
    expect((await readUnit(store, scope, unit(1)))?.rows).toEqual(rows[1]);
    expect(reads()).toBe(2);
  });
});
