import type { PlanContext } from '../engine/phase-handler.js';
import { isSettled } from '../outcomes/row-outcome.js';
import type { RowCounts } from '../contracts/workflow-types.js';

/**
 * Whether a row needs work in this plan: `settled` when it already succeeded or was skipped on
 * purpose, `filtered` when a replay by error code does not cover it, else `plan`.
 */
export function selectRow(
  context: PlanContext,
  entity: string,
  key: string,
): 'settled' | 'filtered' | 'plan' {
  const latest = context.outcomes.get(entity, key);
  if (isSettled(latest)) return 'settled';
  if (context.failedCode !== undefined && latest?.code !== context.failedCode) return 'filtered';
  return 'plan';
}

export function emptyCounts(): RowCounts {
  return { planned: 0, done: 0, failed: 0, skipped: 0 };
}

/** Counts a decided outcome into the phase's row counts. */
export function countDecided(
  counts: RowCounts,
  status: 'created' | 'matched' | 'failed' | 'skipped',
) {
  if (status === 'failed') counts.failed += 1;
  else if (status === 'skipped') counts.skipped += 1;
  else counts.done += 1;
}
