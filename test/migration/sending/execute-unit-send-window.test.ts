import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { MigrationApi } from '../../../src/migration/contracts/migration-api.js';
import type { UnitRow } from '../../../src/migration/contracts/unit-row.js';
import type { RunScope } from '../../../src/migration/contracts/workflow-types.js';
import type { EngineDeps } from '../../../src/migration/engine/engine.js';
import { executeUnit } from '../../../src/migration/sending/execute-unit.js';
import type { PhaseHandler } from '../../../src/migration/engine/phase-handler.js';
import { planPhase } from '../../../src/migration/planning/plan-phase.js';
import type { RowOutcome } from '../../../src/migration/outcomes/row-outcome.js';
import { lateByMs } from '../../../src/migration/sending/send-deadline.js';
import { emptyCounts } from '../../../src/migration/handlers/selection.js';
import { stageKeys } from '../../../src/migration/staging/stage-keys.js';
import { FileRunStore } from '../../../src/run-store/file-run-store.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** A run store whose writes of a call's intent can stall, as PostgreSQL does while it restarts. */
class StallingStore extends FileRunStore {
  stallMs = 0;
  constructor(
    dir: string,
    private readonly clock: { ms: number },
  ) {
    super(dir);
  }
  override async putDocument(key: string, value: unknown): Promise<void> {
    if ((value as { state?: string } | undefined)?.state === 'sending')
      this.clock.ms += this.stallMs;
    await super.putDocument(key, value);
  }
}

/** One customer a unit; every send is counted. */
function countingHandler(sent: { count: number }): PhaseHandler {
  const rows: UnitRow[] = [{ entity: 'customer', key: 'C1', data: {} }];
  return {
    step: 'customers',
    phase: 'create',
    idempotent: false,
    plan: () => Promise.resolve({ units: [rows], decided: [], counts: emptyCounts() }),
    prepare: (_context, pending) => ({ request: {}, sent: pending, failed: [] }),
    send: () => {
      sent.count += 1;
      return Promise.resolve({ data: { id: 'id-1' }, warnings: [] });
    },
    interpret: (context, _written, rows) =>
      rows.map((row): RowOutcome => ({
        entity: row.entity,
        key: row.key,
        status: 'created',
        id: 'id-1',
        step: 'customers',
        phase: 'create',
        unit: context.unitId,
      })),
    lookups: () => 1,
  } as Partial<PhaseHandler> as PhaseHandler;
}

async function setUp() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'execute-unit-send-window-'));
  dirs.push(dir);
  const clock = { ms: Date.parse('2026-11-25T00:00:00Z') };
  const store = new StallingStore(dir, clock);
  const scope: RunScope = { runName: 'r', mode: 'live', stageId: 's', profile: 'p' };
  await store.putDocument(stageKeys('s').manifest, { stageId: 's' });
  const sent = { count: 0 };
  const deps = {
    openStore: () => Promise.resolve(store),
    api: () => Promise.resolve({} as MigrationApi),
    handler: () => countingHandler(sent),
    now: () => new Date(clock.ms),
    ambiguousSettleMs: 30_000,
  } as Partial<EngineDeps> as EngineDeps;
  const unit = { planId: 'p1', step: 'customers', phase: 'create' } as const;
  await planPhase(deps, { scope, ...unit, batchSize: 1 });
  return { store, clock, sent, deps, input: { scope, unit: { ...unit, index: 0 } } };
}

describe('a paced call held up by the run store', () => {
  it('is not sent late: it goes back to the queue, then sends once without reconciling', async () => {
    const { store, clock, sent, deps, input } = await setUp();
    store.stallMs = 6_000;

    await expect(
      executeUnit(deps, input, { releasedAtMs: clock.ms, maxDelayMs: 2_000 }),
    ).rejects.toMatchObject({ type: 'StalledBeforeSend' });
    expect(sent.count).toBe(0);

    // Released again by the queue, with the run store back: the call goes, once, with no lookup.
    store.stallMs = 0;
    const result = await executeUnit(deps, input, { releasedAtMs: clock.ms, maxDelayMs: 2_000 });
    expect(result).toMatchObject({ kind: 'done', calls: 1 });
    expect(sent.count).toBe(1);
  });

  it('is sent when the run store answers within the window', async () => {
    const { store, clock, sent, deps, input } = await setUp();
    store.stallMs = 1_500;

    const result = await executeUnit(deps, input, { releasedAtMs: clock.ms, maxDelayMs: 2_000 });
    expect(result).toMatchObject({ kind: 'done', calls: 1 });
    expect(sent.count).toBe(1);
  });
});

describe('lateByMs', () => {
  it('counts only the time past the window, and nothing without one', () => {
    expect(lateByMs({ releasedAtMs: 1_000, maxDelayMs: 2_000 }, 2_500)).toBe(0);
    expect(lateByMs({ releasedAtMs: 1_000, maxDelayMs: 2_000 }, 4_500)).toBe(1_500);
    expect(lateByMs(undefined, 1e12)).toBe(0);
  });
});
