import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROUND_ROWS_KEPT } from '../../../src/migration/contracts/replay-round.js';
import type { RunProgress, RunScope } from '../../../src/migration/contracts/workflow-types.js';
import { scopeKeys } from '../../../src/migration/outcomes/run-keys.js';
import type { RowOutcome } from '../../../src/migration/outcomes/row-outcome.js';
import {
  readReplayHistory,
  recordRound,
} from '../../../src/migration/replay-history/record-round.js';
import { FileRunStore } from '../../../src/run-store/file-run-store.js';

const roots: string[] = [];
afterAll(async () => Promise.all(roots.map((root) => rm(root, { recursive: true, force: true }))));

const scope: RunScope = { runName: 'r', mode: 'live', stageId: 'live-1', profile: 'p' };

function progressOf(round: number, failed: number): RunProgress {
  return {
    runName: 'r',
    mode: 'live',
    phase: 'reporting',
    round,
    steps: [
      {
        step: 'invoices',
        status: 'done',
        rows: { planned: 0, done: 0, failed, skipped: 0 },
        units: { total: 0, done: 0 },
        calls: 0,
      },
    ],
    calls: { made: 0, remainingEstimate: 0 },
    pacePerMinute: 0,
    etaSeconds: null,
  };
}

const outcome = (key: string, status: RowOutcome['status']): RowOutcome => ({
  entity: 'invoice',
  key,
  status,
  step: 'invoices',
  phase: 'create',
  ...(status === 'failed' ? { code: 'validation', reason: `bad ${key}` } : {}),
  ...(status === 'created' ? { id: `id-${key}` } : {}),
});

describe('recording a round', () => {
  it('lists the first rows in the order the log has them, and counts every one', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-round-'));
    roots.push(root);
    const store = new FileRunStore(root);
    const log = scopeKeys(scope).outcomes;
    // Keys that do not sort as they were sent: the list follows the log, not the key.
    const keys = Array.from(
      { length: ROUND_ROWS_KEPT + 1_500 },
      (_, i) => `INV-${(i * 7919) % 100_003}`,
    );
    for (let start = 0; start < keys.length; start += 1_000)
      await store.appendLog(
        log,
        keys.slice(start, start + 1_000).map((key) => outcome(key, 'failed')),
      );
    // The first row failed, then was created: it is not failed any more.
    await store.appendLog(log, [outcome(keys[0] ?? '', 'created')]);
    await recordRound(
      store,
      scope,
      progressOf(0, keys.length - 1),
      new Date('2026-04-02T10:00:00Z'),
    );

    const [round] = await readReplayHistory(store, scope.stageId);
    expect(round?.counts).toEqual({ failed: keys.length - 1, fixed: 0, skipped: 0 });
    expect(round?.failed).toHaveLength(ROUND_ROWS_KEPT);
    expect(round?.failed.map((row) => row.key)).toEqual(keys.slice(1, ROUND_ROWS_KEPT + 1));
    expect(round?.failed[0]).toEqual({
      step: 'invoices',
      entity: 'invoice',
      key: keys[1],
      code: 'validation',
      reason: `bad ${keys[1]}`,
    });

    // The replay fixes two rows: the next round reads only what came after the first.
    await store.appendLog(log, [
      outcome(keys[2] ?? '', 'created'),
      outcome(keys[1] ?? '', 'created'),
    ]);
    await recordRound(
      store,
      scope,
      progressOf(1, keys.length - 3),
      new Date('2026-04-02T11:00:00Z'),
    );
    const [, replay] = await readReplayHistory(store, scope.stageId);
    expect(replay?.counts).toEqual({ failed: 0, fixed: 2, skipped: 0 });
    expect(replay?.fixed.map((row) => row.key)).toEqual([keys[2], keys[1]]);
  });
});
