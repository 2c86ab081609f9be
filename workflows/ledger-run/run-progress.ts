import { setCurrentDetails, upsertSearchAttributes } from '@temporalio/workflow';
import type {
  RowCounts,
  RunProgress,
  StepProgress,
} from '../../src/migration/contracts/workflow-types.js';
import { renderDetails } from '../render-details.js';
import {
  kindAttribute,
  modeAttribute,
  phaseAttribute,
  rowsDoneAttribute,
  rowsFailedAttribute,
} from '../search-attributes.js';

/** Shows a run's progress in the Temporal UI: its details panel and its search attributes. */
export function publishProgress(progress: RunProgress): void {
  const rows = sumRows(progress.steps);
  setCurrentDetails(renderDetails(progress));
  upsertSearchAttributes([
    { key: phaseAttribute, value: progress.phase },
    { key: modeAttribute, value: progress.mode },
    { key: rowsDoneAttribute, value: rows.done },
    { key: rowsFailedAttribute, value: rows.failed },
    { key: kindAttribute, value: 'run' },
  ]);
}

/** Refreshes only the details panel (no history event). */
export function showProgress(progress: RunProgress): void {
  setCurrentDetails(renderDetails(progress));
}

export function sumRows(steps: readonly StepProgress[]): RowCounts {
  return steps.reduce(
    (sum, s) => ({
      planned: sum.planned + s.rows.planned,
      done: sum.done + s.rows.done,
      failed: sum.failed + s.rows.failed,
      skipped: sum.skipped + s.rows.skipped,
    }),
    { planned: 0, done: 0, failed: 0, skipped: 0 },
  );
}

/** Calls per minute over the samples of the last five minutes of workflow time. */
export function pacePerMinute(samples: ReadonlyArray<readonly [number, number]>): number {
  const last = samples[samples.length - 1];
  if (!last) return 0;
  const window = samples.filter(([at]) => at >= last[0] - 5 * 60_000);
  const first = window[0];
  if (!first || last[0] === first[0]) return 0;
  return Math.round(((last[1] - first[1]) / (last[0] - first[0])) * 60_000 * 10) / 10;
}
