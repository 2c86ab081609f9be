import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { EngineDeps } from '../../../src/migration/engine/engine.js';
import { OutcomeLog } from '../../../src/migration/outcomes/indexed-log.js';
import type { PhaseHandler } from '../../../src/migration/engine/phase-handler.js';
import type { UnitRow } from '../../../src/migration/contracts/unit-row.js';
import { planPhase } from '../../../src/migration/planning/plan-phase.js';
import type { RowOutcome } from '../../../src/migration/outcomes/row-outcome.js';
import { scopeKeys } from '../../../src/migration/outcomes/run-keys.js';
import { readUnit } from '../../../src/migration/planning/unit-pages.js';
import { emptyCounts } from '../../../src/migration/handlers/selection.js';
import { stageKeys } from '../../../src/migration/staging/stage-keys.js';
import type { RunScope } from '../../../src/migration/contracts/workflow-types.js';
import { FileRunStore } from '../../../src/run-store/file-run-store.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const scope: RunScope = { runName: 'r', mode: 'live', stageId: 's', profile: 'p' };
const row = (n: number): UnitRow => ({ entity: 'customer', key: `C${n}`, data: { n } });
const skipped = (n: number): RowOutcome => ({
  entity: 'customer',
  key: `S${n}`,
  status: 'skipped',
  code: 'operator.skipped',
  step: 'customers',
  phase: 'create',
});

/** A handler that gives most of its units and outcomes to the sink and returns a few. */
function streamingHandler(sunk: number, returned: number): PhaseHandler {
  return {
    step: 'customers',
    phase: 'create',
    idempotent: false,
    async plan(context) {
      for (let n = 0; n < sunk; n += 1) {
        await context.sink.unit([row(n)]);
        await context.sink.decided(skipped(n));
      }
      await context.sink.unit([]); // an empty unit is no unit
      const tail = Array.from({ length: returned }, (_, i) => [row(sunk + i)]);
      return { units: tail, decided: [skipped(sunk)], counts: emptyCounts() };
    },
  } as Partial<PhaseHandler> as PhaseHandler;
}

describe('planPhase', () => {
  it('stores every unit and outcome a large phase gives its sink, numbered in order', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'plan-phase-'));
    dirs.push(dir);
    const store = new FileRunStore(dir);
    await store.putDocument(stageKeys('s').manifest, { stageId: 's' });
    const deps = {
      openStore: () => Promise.resolve(store),
      handler: () => streamingHandler(450, 3),
    } as Partial<EngineDeps> as EngineDeps;
    const input = {
      scope,
      planId: 'p1',
      step: 'customers',
      phase: 'create',
      batchSize: 25,
    } as const;

    const plan = await planPhase(deps, input);

    expect(plan.units).toBe(453);
    const keys = scopeKeys(scope);
    const unitRef = (index: number) =>
      ({ step: 'customers', phase: 'create', planId: 'p1', index }) as const;
    for (const index of [0, 99, 100, 199, 200, 449, 450, 452]) {
      const unit = await readUnit(store, scope, unitRef(index));
      expect(unit?.rows.map((r) => r.key)).toEqual([`C${index}`]);
    }
    expect(await readUnit(store, scope, unitRef(453))).toBeUndefined();
    // 453 units in five documents, not one each: planning syncs a page of units at a time.
    expect(await store.listDocuments('units/live/p1/customers/create/')).toHaveLength(5 + 1);
    const outcomes = await new OutcomeLog(store, keys.outcomes).refresh();
    expect([...outcomes.values('customer')]).toHaveLength(451);
    // Planned once: asking again answers the stored plan without planning again.
    expect(await planPhase(deps, input)).toEqual(plan);
  });

  it('reads a unit of a phase planned one document per unit, before pages existed', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'plan-phase-'));
    dirs.push(dir);
    const store = new FileRunStore(dir);
    const unit = { step: 'customers', phase: 'create', planId: 'old', index: 3 } as const;
    await store.putDocument(scopeKeys(scope).unit(unit), { rows: [row(3)] });

    expect((await readUnit(store, scope, unit))?.rows).toEqual([row(3)]);
    expect(await readUnit(store, scope, { ...unit, index: 4 })).toBeUndefined();
  });
});
