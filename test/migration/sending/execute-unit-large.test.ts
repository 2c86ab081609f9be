import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { EngineDeps } from '../../../src/migration/engine/engine.js';
import { executeUnit } from '../../../src/migration/sending/execute-unit.js';
import type { PhaseHandler } from '../../../src/migration/engine/phase-handler.js';
import type { UnitRow } from '../../../src/migration/contracts/unit-row.js';
import { planPhase } from '../../../src/migration/planning/plan-phase.js';
import type { RowOutcome } from '../../../src/migration/outcomes/row-outcome.js';
import { emptyCounts } from '../../../src/migration/handlers/selection.js';
import { stageKeys } from '../../../src/migration/staging/stage-keys.js';
import type { RunScope } from '../../../src/migration/contracts/workflow-types.js';
import { FileRunStore } from '../../../src/run-store/file-run-store.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const ROWS = 3000;

/**
 * One unit of many rows, as the invoices step's reclassify-tax phase plans a month of invoices.
 * Its predicted outcomes count how often the engine reads their keys.
 */
function oneBigUnit(reads: { count: number }): PhaseHandler {
  const rows: UnitRow[] = Array.from({ length: ROWS }, (_, n) => ({
    entity: 'invoice-tax',
    key: `I${n}`,
    data: {},
  }));
  return {
    step: 'invoices',
    phase: 'reclassify-tax',
    idempotent: false,
    plan: () => Promise.resolve({ units: [rows], decided: [], counts: emptyCounts() }),
    prepare: (_context, pending) => ({ request: {}, sent: pending, failed: [] }),
    predict: (context, sent) =>
      sent.map((row): RowOutcome => {
        const outcome: RowOutcome = {
          entity: row.entity,
          key: row.key,
          status: 'created',
          id: `dry:${row.key}`,
          step: 'invoices',
          phase: 'reclassify-tax',
          unit: context.unitId,
        };
        return Object.defineProperty(outcome, 'key', {
          enumerable: true,
          get: () => {
            reads.count += 1;
            return row.key;
          },
        });
      }),
  } as Partial<PhaseHandler> as PhaseHandler;
}

describe('executeUnit on a unit of thousands of rows', () => {
  it('matches its outcomes to its rows in one pass, not a search per row', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'execute-unit-large-'));
    dirs.push(dir);
    const store = new FileRunStore(dir);
    const scope: RunScope = { runName: 'r', mode: 'dry-run', stageId: 's', profile: 'p' };
    await store.putDocument(stageKeys('s').manifest, { stageId: 's' });
    const reads = { count: 0 };
    const deps = {
      openStore: () => Promise.resolve(store),
      handler: () => oneBigUnit(reads),
      now: () => new Date('2026-11-25T00:00:00Z'),
    } as Partial<EngineDeps> as EngineDeps;
    const unit = { planId: 'p1', step: 'invoices', phase: 'reclassify-tax' } as const;
    await planPhase(deps, { scope, ...unit, batchSize: 25 });

    const result = await executeUnit(deps, { scope, unit: { ...unit, index: 0 } });

    expect(result).toEqual({ kind: 'done', rows: { done: ROWS, failed: 0, skipped: 0 }, calls: 1 });
    // A few reads per outcome (logging it, indexing it, matching it), not one per row before it:
    // a search per row read 4.5 million keys here, and took 24 s a unit at 23,000 rows.
    expect(reads.count).toBeLessThan(10 * ROWS);
  });
});
