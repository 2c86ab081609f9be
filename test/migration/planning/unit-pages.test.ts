import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { RunScope } from '../../../src/migration/contracts/workflow-types.js';
import { scopeKeys } from '../../../src/migration/outcomes/run-keys.js';
import { OutcomeLog } from '../../../src/migration/outcomes/indexed-log.js';
import { PlanSink } from '../../../src/migration/planning/plan-sink.js';
import {
  readUnit,
  ROWS_IN_PAGE_AT_MOST,
  unitPage,
} from '../../../src/migration/planning/unit-pages.js';
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

describe('a unit too large for a page', () => {
  // The invoices' tax reclassification is one unit a month with a row per invoice: at a million
  // records three of them in one page made a 43 MB document, held until the page filled and then
  // built and read whole (docs/benchmarks.md, "A million records").
  it('is stored on its own as soon as it is planned, and read back with its neighbours', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-unit-pages-'));
    dirs.push(dir);
    const store = new FileRunStore(path.join(dir, 'store'));
    const keys = scopeKeys(scope);
    const sink = new PlanSink(store, new OutcomeLog(store, keys.outcomes), {
      scope,
      planId: 'main',
      step: 'customers',
      phase: 'create',
    });
    const row = (n: number) => ({ entity: 'customer' as const, key: `C${n}`, data: { n } });
    const small = [row(0)];
    const large = Array.from({ length: ROWS_IN_PAGE_AT_MOST + 1 }, (_, n) => row(n + 1));
    await sink.unit(small);
    await sink.unit(large);
    expect(await store.getDocument(keys.unit(unit(1)))).toEqual({ rows: large });
    await sink.unit(small);
    expect(await sink.close()).toBe(3);

    const page = await store.getDocument<{ units: unknown[] }>(
      keys.unitPage('main', 'customers', 'create', 0),
    );
    expect(JSON.stringify(page).length).toBeLessThan(1_000);
    expect((await readUnit(store, scope, unit(0)))?.rows).toEqual(small);
    expect((await readUnit(store, scope, unit(1)))?.rows).toEqual(large);
    expect((await readUnit(store, scope, unit(2)))?.rows).toEqual(small);
  });
});
