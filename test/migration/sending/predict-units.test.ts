import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { EngineDeps } from '../../../src/migration/engine/engine.js';
import { executeUnit } from '../../../src/migration/sending/execute-unit.js';
import { OutcomeLog } from '../../../src/migration/outcomes/indexed-log.js';
import type { PhaseHandler } from '../../../src/migration/engine/phase-handler.js';
import type { UnitRow } from '../../../src/migration/contracts/unit-row.js';
import { planPhase } from '../../../src/migration/planning/plan-phase.js';
import { predictUnits, type PredictedUnits } from '../../../src/migration/sending/predict-units.js';
import type { RowOutcome } from '../../../src/migration/outcomes/row-outcome.js';
import { scopeKeys } from '../../../src/migration/outcomes/run-keys.js';
import { emptyCounts } from '../../../src/migration/handlers/selection.js';
import { stageKeys } from '../../../src/migration/staging/stage-keys.js';
import type { RunScope } from '../../../src/migration/contracts/workflow-types.js';
import { FileRunStore } from '../../../src/run-store/file-run-store.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const row = (n: number): UnitRow<{ n: number }> => ({
  entity: 'customer',
  key: `C${n}`,
  data: { n },
});

/**
 * Units of `rowsPerUnit` rows (two unless said): a row numbered a multiple of 3 is predicted to
 * fail, one numbered a multiple of 7 cannot be sent (skipped up front), and row `throwsAt` makes the
 * prediction throw.
 */
function handler(
  units: number,
  throwsAt?: number,
  rowsPerUnit = 2,
): PhaseHandler<unknown, { n: number }> {
  const outcome = (
    context: { unitId: string },
    r: UnitRow<{ n: number }>,
    status: RowOutcome['status'],
  ): RowOutcome => ({
    entity: r.entity,
    key: r.key,
    status,
    step: 'customers',
    phase: 'create',
    unit: context.unitId,
    ...(status === 'created' ? { id: `dry:${r.key}` } : { code: 'test.rule' }),
  });
  return {
    step: 'customers',
    phase: 'create',
    idempotent: false,
    plan: () =>
      Promise.resolve({
        units: Array.from({ length: units }, (_, u) =>
          Array.from({ length: rowsPerUnit }, (_, r) => row(rowsPerUnit * u + r)),
        ),
        decided: [],
        counts: emptyCounts(),
      }),
    prepare: (context, rows) => {
      const sent = rows.filter((r) => r.data.n % 7 !== 0 || r.data.n === 0);
      const failed = rows
        .filter((r) => !sent.includes(r))
        .map((r) => outcome(context, r, 'skipped'));
      return { request: sent.length > 0 ? { rows: sent.length } : undefined, sent, failed };
    },
    predict: (context, sent) => {
      if (sent.some((r) => r.data.n === throwsAt)) throw new Error('a handler bug');
      return sent.map((r) => outcome(context, r, r.data.n % 3 === 0 ? 'failed' : 'created'));
    },
  } as Partial<PhaseHandler<unknown, { n: number }>> as PhaseHandler<unknown, { n: number }>;
}

/** Counts the run store's log writes from here on; answers the count so far. */
async function countWrites(run: Awaited<ReturnType<typeof plannedDryRun>>): Promise<() => number> {
  const store = await run.deps.openStore('r');
  let appends = 0;
  const appendLog = store.appendLog.bind(store);
  store.appendLog = (log, entries) => {
    appends += 1;
    return appendLog(log, entries);
  };
  return () => appends;
}

async function plannedDryRun(units: number, throwsAt?: number, rowsPerUnit?: number) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'predict-units-'));
  dirs.push(dir);
  const store = new FileRunStore(dir);
  const scope: RunScope = { runName: 'r', mode: 'dry-run', stageId: 's', profile: 'p' };
  await store.putDocument(stageKeys('s').manifest, { stageId: 's' });
  const deps = {
    openStore: () => Promise.resolve(store),
    handler: () => handler(units, throwsAt, rowsPerUnit),
    now: () => new Date('2026-11-25T00:00:00Z'),
  } as Partial<EngineDeps> as EngineDeps;
  const input = { scope, planId: 'p1', step: 'customers', phase: 'create' } as const;
  await planPhase(deps, { ...input, batchSize: 2 });
  const outcomes = async () =>
    [...(await new OutcomeLog(store, scopeKeys(scope).outcomes).refresh()).values('customer')]
      .map((o) => `${o.key}:${o.status}:${o.unit}`)
      .sort();
  return { deps, input, outcomes };
}

describe('predictUnits', () => {
  it('predicts a run of units exactly as one prediction per unit does, and totals them', async () => {
    const bulk = await plannedDryRun(30);
    const oneByOne = await plannedDryRun(30);

    const predicted = await predictUnits(bulk.deps, { ...bulk.input, from: 0, to: 30 }, undefined);

    const expected = { rows: { done: 0, failed: 0, skipped: 0 }, calls: 0 };
    for (let index = 0; index < 30; index += 1) {
      const result = await executeUnit(oneByOne.deps, {
        scope: oneByOne.input.scope,
        unit: { ...oneByOne.input, index },
      });
      if (result.kind !== 'done') throw new Error('a dry run never reconciles');
      expected.rows.done += result.rows.done;
      expected.rows.failed += result.rows.failed;
      expected.rows.skipped += result.rows.skipped;
      expected.calls += result.calls;
    }
    expect(predicted).toEqual({ next: 30, ...expected });
    expect(predicted.calls).toBe(30);
    expect(predicted.rows.skipped).toBeGreaterThan(0);
    expect(predicted.rows.failed).toBeGreaterThan(0);
    expect(await bulk.outcomes()).toEqual(await oneByOne.outcomes());
  });

  it('resumes from the totals an earlier attempt reported, without predicting a unit twice', async () => {
    const whole = await plannedDryRun(12);
    const split = await plannedDryRun(12);
    const all = await predictUnits(whole.deps, { ...whole.input, from: 0, to: 12 }, undefined);

    let checkpoint: PredictedUnits | undefined;
    await predictUnits(split.deps, { ...split.input, from: 0, to: 5 }, undefined, (progress) => {
      checkpoint = structuredClone(progress);
    });
    const resumed = await predictUnits(split.deps, { ...split.input, from: 0, to: 12 }, checkpoint);

    expect(resumed).toEqual(all);
    expect(await split.outcomes()).toEqual(await whole.outcomes());
  });

  it('stops at a unit whose prediction throws, with the totals of the units before it', async () => {
    const run = await plannedDryRun(10, 9); // row 9 is in unit 4
    const before = await plannedDryRun(10);
    const firstFour = await predictUnits(
      before.deps,
      { ...before.input, from: 0, to: 4 },
      undefined,
    );

    const predicted = await predictUnits(run.deps, { ...run.input, from: 0, to: 10 }, undefined);

    expect(predicted).toEqual({ ...firstFour, stoppedAt: { index: 4 } });
  });

  it('writes the outcomes of many units at once, and reports only progress whose outcomes are stored', async () => {
    const run = await plannedDryRun(250);
    const writes = await countWrites(run);
    const reported: Array<{ next: number; writes: number }> = [];

    const predicted = await predictUnits(
      run.deps,
      { ...run.input, from: 0, to: 250 },
      undefined,
      (progress) => reported.push({ next: progress.next, writes: writes() }),
    );

    expect(predicted.next).toBe(250);
    // Units 0-99, 100-199 and 200-249: one write each, not one per unit, each before its report.
    expect(reported).toEqual([
      { next: 100, writes: 1 },
      { next: 200, writes: 2 },
      { next: 250, writes: 3 },
    ]);
    expect(await run.outcomes()).toHaveLength(500);
  });

  it('writes as soon as 10,000 outcomes wait, however few units hold them', async () => {
    // A month's tax reclassification is one unit of a row per invoice: a batch of such units
    // held every outcome until it wrote them, and ran the worker out of its heap.
    const run = await plannedDryRun(3, undefined, 6000);
    const writes = await countWrites(run);
    const reported: Array<{ next: number; writes: number }> = [];

    await predictUnits(run.deps, { ...run.input, from: 0, to: 3 }, undefined, (progress) =>
      reported.push({ next: progress.next, writes: writes() }),
    );

    // 6,000 outcomes wait after unit 0, 12,000 after unit 1: written then, the rest at the end.
    expect(reported).toEqual([
      { next: 2, writes: 1 },
      { next: 3, writes: 2 },
    ]);
    expect(await run.outcomes()).toHaveLength(18_000);
  });

  it('refuses a live run: live calls go one activity each', async () => {
    const run = await plannedDryRun(1);
    const live = { ...run.input, scope: { ...run.input.scope, mode: 'live' as const } };
    await expect(predictUnits(run.deps, { ...live, from: 0, to: 1 }, undefined)).rejects.toThrow(
      /dry run/,
    );
  });
});
