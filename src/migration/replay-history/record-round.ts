import { OffHeapMap } from '../../offheap/off-heap-map.js';
import type { RunStore } from '../../run-store/run-store.js';
import { ROUND_ROWS_KEPT, type ReplayRound, type RoundRow } from '../contracts/replay-round.js';
import type { RunProgress, RunScope } from '../contracts/workflow-types.js';
import type { RowOutcome } from '../outcomes/row-outcome.js';
import { scopeKeys } from '../outcomes/run-keys.js';
import { chainOf, roundKey, roundsPrefix } from './round-keys.js';

/** A round as stored: the history, and where in the outcome log the round's entries ended. */
interface StoredRound extends ReplayRound {
  /** The outcome log's offset after the round: the next round reads from here. */
  outcomesEnd: number;
}

/**
 * Records the round a live run just finished, from the outcome log entries appended since the
 * previous round was recorded: skips by the operator between rounds, then the round's own outcomes.
 * Written once (a retried report activity finds it and keeps it), before the report that shows it.
 */
export async function recordRound(
  store: RunStore,
  scope: RunScope,
  progress: RunProgress,
  now: Date,
): Promise<void> {
  if (scope.mode !== 'live') return;
  const chain = chainOf(scope.stageId);
  const key = roundKey(chain, progress.round);
  if (await store.getDocument(key)) return;
  const earlier = await storedRounds(store, chain);
  const previous = earlier.filter((r) => r.round < progress.round).at(-1);
  // The latest outcome of each row since the previous round, off the heap: the main pass's are
  // every outcome of the run, which as a Map grows the worker's heap with the company while the
  // report is written (docs/benchmarks.md, "The large live run's report").
  const latest = OffHeapMap.create<RoundEntry>();
  try {
    let offset = previous?.outcomesEnd ?? 0;
    let seen = 0;
    for (;;) {
      const page = await store.readLog(scopeKeys(scope).outcomes, offset);
      if (page.entries.length === 0) break;
      for (const outcome of page.entries as RowOutcome[]) {
        const row = [outcome.entity, outcome.key];
        // Listed in the order the round first saw each row, as the log has them.
        latest.set(row, { first: latest.get(row)?.first ?? seen++, row: roundRowOf(outcome) });
      }
      offset = page.nextOffset;
    }
    const lists = { failed: new FirstSeen(), fixed: new FirstSeen(), skipped: new FirstSeen() };
    for (const { first, row } of latest.values()) {
      if (row.status === 'failed') lists.failed.add(first, row);
      else if (row.status === 'skipped') lists.skipped.add(first, row);
      // In a replay every success is a row that had failed: replays send failed rows only.
      else if (progress.round > 0) lists.fixed.add(first, row);
    }
    const round: StoredRound = {
      round: progress.round,
      stage: scope.stageId,
      at: now.toISOString(),
      failedBefore: previous?.failedAfter ?? 0,
      failedAfter: progress.steps.reduce((sum, step) => sum + step.rows.failed, 0),
      failed: lists.failed.rows(),
      fixed: lists.fixed.rows(),
      skipped: lists.skipped.rows(),
      counts: {
        failed: lists.failed.count,
        fixed: lists.fixed.count,
        skipped: lists.skipped.count,
      },
      outcomesEnd: offset,
    };
    await store.putDocument(key, round);
  } finally {
    latest.clear();
  }
}

/** A row of the round as kept: where it is and why, with its latest status. */
interface RoundEntry {
  /** When the round first saw the row: its place in the lists. */
  first: number;
  row: RoundRow & { status: RowOutcome['status'] };
}

function roundRowOf(outcome: RowOutcome): RoundEntry['row'] {
  return {
    step: outcome.step,
    entity: outcome.entity,
    key: outcome.key,
    status: outcome.status,
    ...(outcome.code ? { code: outcome.code } : {}),
    ...(outcome.reason ? { reason: outcome.reason } : {}),
  };
}

/** Counts rows and keeps the `ROUND_ROWS_KEPT` first seen, in that order, holding twice that at most. */
class FirstSeen {
  count = 0;
  private kept: Array<{ first: number; row: RoundRow }> = [];

  add(first: number, { status: _status, ...row }: RoundEntry['row']): void {
    this.count += 1;
    this.kept.push({ first, row });
    if (this.kept.length >= 2 * ROUND_ROWS_KEPT) this.trim();
  }

  rows(): RoundRow[] {
    this.trim();
    return this.kept.map(({ row }) => row);
  }

  private trim(): void {
    this.kept = this.kept.sort((a, b) => a.first - b.first).slice(0, ROUND_ROWS_KEPT);
  }
}
/** Every recorded round of the execution chain `stageId` belongs to, in order. */
export async function readReplayHistory(store: RunStore, stageId: string): Promise<ReplayRound[]> {
  return (await storedRounds(store, chainOf(stageId))).map(
    ({ outcomesEnd: _end, ...round }) => round,
  );
}

async function storedRounds(store: RunStore, chain: string): Promise<StoredRound[]> {
  const rounds: StoredRound[] = [];
  for (const key of await store.listDocuments(roundsPrefix(chain))) {
    const round = await store.getDocument<StoredRound>(key);
    if (round) rounds.push(round);
  }
  return rounds.sort((a, b) => a.round - b.round);
}
