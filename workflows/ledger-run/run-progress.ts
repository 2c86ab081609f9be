import { setCurrentDetails, upsertSearchAttributes } from '@temporalio/workflow';
import type { RunProgress } from '../../src/migration/contracts/workflow-types.js';
import { renderDetails } from '../render-details.js';
import {
  kindAttribute,
  modeAttribute,
  phaseAttribute,
  rowsDoneAttribute,
  rowsFailedAttribute,
} from '../search-attributes.js';
import { callsMade, sumRows, type LedgerRun } from './run-state.js';

/** A live run reads three reports to verify the books; a dry run does not. */
export const VERIFICATION_CALLS = 3;

/** The run's progress as the progress query, the reports and the details panel show it. */
export function progressOf(run: LedgerRun): RunProgress {
  const { input, phase, round, operator, verification, reportFolder, report } = run;
  const made = callsMade(run);
  const pace = pacePerMinute(run.paceSamples);
  const remaining = Math.max(0, run.estimatedCalls - made);
  return {
    runName: input.runName,
    mode: input.mode,
    phase,
    round,
    ...(input.mode === 'dry-run' ? { predictedLiveCalls: made + VERIFICATION_CALLS } : {}),
    steps: [...run.steps.values()],
    calls: { made, remainingEstimate: remaining },
    // A dry run's calls are predictions: its pace of predicting is no pace of API calls.
    pacePerMinute: input.mode === 'live' ? pace : 0,
    etaSeconds: etaOf(run, pace, remaining),
    ...(input.weight !== undefined ? { weight: input.weight } : {}),
    ...(operator.pauseReason ? { pauseReason: operator.pauseReason } : {}),
    ...(operator.pauses.length > 0 ? { pauses: [...operator.pauses] } : {}),
    ...(run.blockedReason ? { blockedReason: run.blockedReason } : {}),
    ...(run.firstProblems?.length ? { firstProblems: [...run.firstProblems] } : {}),
    ...(verification ? { verification } : {}),
    ...(reportFolder ? { reportFolder } : {}),
    ...(report ? { report } : {}),
  };
}

/**
 * Seconds to go: unknown (null) until staging has counted the calls and a pace is measured, 0 once
 * no call is left. Never 0 while staging, when nothing is known yet.
 */
function etaOf(run: LedgerRun, pace: number, remaining: number): number | null {
  if (run.stage === undefined) return null;
  if (remaining === 0) return 0;
  return pace > 0 ? Math.round((remaining / pace) * 60) : null;
}

/** Shows the run's progress in the Temporal UI: its details panel and its search attributes. */
export function publish(run: LedgerRun): void {
  const current = progressOf(run);
  const rows = sumRows(current.steps);
  setCurrentDetails(renderDetails(current));
  upsertSearchAttributes([
    { key: phaseAttribute, value: run.phase },
    { key: modeAttribute, value: run.input.mode },
    { key: rowsDoneAttribute, value: rows.done },
    { key: rowsFailedAttribute, value: rows.failed },
    { key: kindAttribute, value: 'run' },
  ]);
}

/** Refreshes only the details panel: upserting search attributes on each step's report would add a command each time. */
export function showDetails(run: LedgerRun): void {
  setCurrentDetails(renderDetails(progressOf(run)));
}

/** Calls per minute over the samples of the last five minutes of workflow time. */
function pacePerMinute(samples: ReadonlyArray<readonly [number, number]>): number {
  const last = samples[samples.length - 1];
  if (!last) return 0;
  const window = samples.filter(([at]) => at >= last[0] - 5 * 60_000);
  const first = window[0];
  if (!first || last[0] === first[0]) return 0;
  return Math.round(((last[1] - first[1]) / (last[0] - first[0])) * 60_000 * 10) / 10;
}
