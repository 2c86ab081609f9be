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
  const latest = new Map<string, RowOutcome>();
  let offset = previous?.outcomesEnd ?? 0;
  for (;;) {
    const page = await store.readLog(scopeKeys(scope).outcomes, offset);
    if (page.entries.length === 0) break;
    for (const outcome of page.entries as RowOutcome[]) {
      latest.set(`${outcome.entity}\u0000${outcome.key}`, outcome);
    }
    offset = page.nextOffset;
  }
  const lists = { failed: [] as RoundRow[], fixed: [] as RoundRow[], skipped: [] as RoundRow[] };
  const counts = { failed: 0, fixed: 0, skipped: 0 };
  const add = (list: keyof typeof lists, outcome: RowOutcome, failure?: RowOutcome) => {
    counts[list] += 1;
    if (lists[list].length >= ROUND_ROWS_KEPT) return;
    const cause = failure ?? outcome;
    lists[list].push({
      step: outcome.step,
      entity: outcome.entity,
      key: outcome.key,
      ...(cause.code ? { code: cause.code } : {}),
      ...(cause.reason ? { reason: cause.reason } : {}),
    });
  };
  for (const outcome of latest.values()) {
    if (outcome.status === 'failed') add('failed', outcome);
    else if (outcome.status === 'skipped') add('skipped', outcome);
    // In a replay every success is a row that had failed: replays send failed rows only.
    else if (progress.round > 0) add('fixed', outcome);
  }
  const round: StoredRound = {
    round: progress.round,
    stage: scope.stageId,
    at: now.toISOString(),
    failedBefore: previous?.failedAfter ?? 0,
    failedAfter: progress.steps.reduce((sum, step) => sum + step.rows.failed, 0),
    ...lists,
    counts,
    outcomesEnd: offset,
  };
  await store.putDocument(key, round);
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
