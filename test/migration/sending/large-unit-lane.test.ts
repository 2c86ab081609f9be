import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pLimit from 'p-limit';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { MigrationApi } from '../../../src/migration/contracts/migration-api.js';
import type { UnitRow } from '../../../src/migration/contracts/unit-row.js';
import type { RunScope } from '../../../src/migration/contracts/workflow-types.js';
import type { PhaseHandler } from '../../../src/migration/engine/phase-handler.js';
import { emptyCounts } from '../../../src/migration/handlers/selection.js';
import type { RowOutcome } from '../../../src/migration/outcomes/row-outcome.js';
import { planPhase } from '../../../src/migration/planning/plan-phase.js';
import { ROWS_IN_PAGE_AT_MOST } from '../../../src/migration/planning/unit-pages.js';
import {
  createSendingActivities,
  LARGE_UNIT_WAIT_AT_MOST_MS,
  type SendingActivityDeps,
} from '../../../activities/sending-activities.js';
import { stageKeys } from '../../../src/migration/staging/stage-keys.js';
import { FileRunStore } from '../../../src/run-store/file-run-store.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const WAIT = { timeout: 10_000, interval: 5 };

function rowsOf(prefix: string, count: number): UnitRow[] {
  return Array.from({ length: count }, (_, n) => ({
    entity: 'tax',
    key: `${prefix}${n}`,
    data: {},
  }));
}

/** A call the test answers when it chooses. */
interface HeldCall {
  unit: string;
  answer: () => void;
}

/**
 * Three units of a journal line per invoice, as the invoices' tax reclassification plans a month,
 * and one small unit; every send waits for the test to answer it.
 */
function journalHandler(calls: HeldCall[], sending: Set<string>): PhaseHandler {
  const large = ROWS_IN_PAGE_AT_MOST + 1;
  const units = [rowsOf('A', large), rowsOf('B', large), rowsOf('C', large), rowsOf('S', 1)];
  return {
    step: 'invoices',
    phase: 'reclassify-tax',
    idempotent: false,
    plan: () => Promise.resolve({ units, decided: [], counts: emptyCounts() }),
    prepare: (context, pending) => ({ request: context.unitId, sent: pending, failed: [] }),
    send: (_api, request) => {
      const unit = request as string;
      sending.add(unit);
      return new Promise((resolve) => {
        calls.push({
          unit,
          answer: () => {
            sending.delete(unit);
            resolve({ data: {}, warnings: [] });
          },
        });
      });
    },
    interpret: (context, _written, rows) =>
      rows.map((row): RowOutcome => ({
        entity: row.entity,
        key: row.key,
        status: 'created',
        id: `id-${row.key}`,
        step: 'invoices',
        phase: 'reclassify-tax',
        unit: context.unitId,
      })),
  } as Partial<PhaseHandler> as PhaseHandler;
}

/** A live run of the four units planned, with its sending activities on a lane of their own. */
async function setUp() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'large-unit-lane-'));
  dirs.push(dir);
  const store = new FileRunStore(dir, { syncs: false });
  const scope: RunScope = { runName: 'r', mode: 'live', stageId: 's', profile: 'p' };
  await store.putDocument(stageKeys('s').manifest, { stageId: 's' });
  const clock = { ms: Date.parse('2026-11-27T00:00:00Z') };
  const calls: HeldCall[] = [];
  const sending = new Set<string>();
  const deps = {
    openStore: () => Promise.resolve(store),
    api: () => Promise.resolve({} as MigrationApi),
    handler: () => journalHandler(calls, sending),
    now: () => new Date(clock.ms),
    ambiguousSettleMs: 30_000,
    maxSendDelayMs: 2_000,
  } as Partial<SendingActivityDeps> as SendingActivityDeps;
  const phase = { planId: 'p1', step: 'invoices', phase: 'reclassify-tax' } as const;
  await planPhase(deps, { scope, ...phase, batchSize: 1 });
  const lane = pLimit(1);
  const activities = createSendingActivities(deps, lane);
  const run = (index: number) => activities.executeUnit({ scope, unit: { ...phase, index } });
  return { clock, calls, sending, lane, run };
}

describe('units stored on their own', () => {
  it('execute one at a time in a process, each sent when its turn comes; small units never wait', async () => {
    const { clock, calls, sending, lane, run } = await setUp();
    let mostLargeSending = 0;
    const largeSending = () => {
      const count = [...sending].filter((unit) => !unit.endsWith('/000003')).length;
      mostLargeSending = Math.max(mostLargeSending, count);
      return count;
    };

    const large = [run(0), run(1), run(2)];
    await vi.waitFor(() => {
      expect(calls).toHaveLength(1);
      expect(lane.pendingCount).toBe(2);
    }, WAIT);
    expect(largeSending()).toBe(1);

    // The small unit goes out while the large ones wait.
    const small = run(3);
    await vi.waitFor(() => expect(calls).toHaveLength(2), WAIT);
    calls.splice(1, 1)[0]?.answer();
    await expect(small).resolves.toMatchObject({ kind: 'done', calls: 1 });

    // Each large call is held 10 s, past the 2 s send window of the units released with it: each
    // is still sent, since its window opens when its turn comes.
    for (let answered = 0; answered < 3; answered += 1) {
      await vi.waitFor(() => expect(calls).toHaveLength(1), WAIT);
      expect(largeSending()).toBe(1);
      clock.ms += 10_000;
      calls.shift()?.answer();
    }
    for (const result of await Promise.all(large)) {
      expect(result).toMatchObject({ kind: 'done', calls: 1, rows: { done: 1_001 } });
    }
    expect(mostLargeSending).toBe(1);
  });

  it('go back to the queue unsent when their turn comes over a minute late', async () => {
    const { clock, calls, lane, run } = await setUp();
    const first = run(0);
    const waiting = run(1);
    await vi.waitFor(() => {
      expect(calls).toHaveLength(1);
      expect(lane.pendingCount).toBe(1);
    }, WAIT);
    clock.ms += LARGE_UNIT_WAIT_AT_MOST_MS + 1_000;
    calls.shift()?.answer();
    await expect(first).resolves.toMatchObject({ kind: 'done', calls: 1 });
    await expect(waiting).rejects.toMatchObject({ type: 'StalledBeforeSend' });
    expect(calls).toHaveLength(0);

    // Released again, it is sent at once.
    const again = run(1);
    await vi.waitFor(() => expect(calls).toHaveLength(1), WAIT);
    calls.shift()?.answer();
    await expect(again).resolves.toMatchObject({ kind: 'done', calls: 1 });
  });
});
