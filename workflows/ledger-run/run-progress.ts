import { setCurrentDetails, upsertSearchAttributes } from '@temporalio/workflow';
import type { RunPhase, RunProgress } from '../../src/migration/contracts/workflow-types.js';
import { renderDetails } from '../render-details.js';
import {
  kindAttribute,
  modeAttribute,
  phaseAttribute,
  rowsDoneAttribute,
  rowsFailedAttribute,
} from '../search-attributes.js';
import { callsMade, sumRows, type LedgerRun, type OperatorState } from './run-state.js';

/** A live run reads three reports to verify the books; a dry run does not. */
export const VERIFICATION_CALLS = 3;
/** Pace samples kept: enough for five minutes of step reports. */
const PACE_SAMPLES_KEPT = 200;

/** The run's progress as the progress query, the reports and the details panel show it. */
export function progressOf(run: LedgerRun): RunProgress {
  const { input, phase, round, operator, verification, reportFolder } = run;
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
    pacePerMinute: pace,
    etaSeconds:
      pace > 0 && remaining > 0 ? Math.round((remaining / pace) * 60) : remaining === 0 ? 0 : null,
    ...(input.weight !== undefined ? { weight: input.weight } : {}),
    ...(operator.pauseReason ? { pauseReason: operator.pauseReason } : {}),
    ...(run.blockedReason ? { blockedReason: run.blockedReason } : {}),
    ...(verification ? { verification } : {}),
    ...(reportFolder ? { reportFolder } : {}),
  };
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

export function setPhase(run: LedgerRun, next: RunPhase): void {
  enterPhase(run, next);
  publish(run);
}

/** Phases of work under way: a pause holds them, so reaching one while paused changes nothing shown. */
const WORKING_PHASES: ReadonlySet<RunPhase> = new Set<RunPhase>([
  'staging',
  'migrating',
  'verifying',
  'reporting',
  'replaying',
]);

/**
 * The phase the run shows next. While the operator has it paused, a working phase it reaches (a
 * pause during staging, then the steps start, themselves told to wait) is kept for the resume, and
 * the run goes on showing "paused": it is paused, and the consultant waiting for that word sees it.
 */
export function enterPhase(
  run: { phase: RunPhase; operator: Pick<OperatorState, 'paused' | 'phaseBeforePause'> },
  next: RunPhase,
): void {
  if (run.operator.paused && WORKING_PHASES.has(next)) run.operator.phaseBeforePause = next;
  else run.phase = next;
}

/** Notes the calls made so far at this moment of workflow time, for the pace. */
export function samplePace(run: LedgerRun): void {
  run.paceSamples.push([Date.now(), callsMade(run)]);
  if (run.paceSamples.length > PACE_SAMPLES_KEPT) {
    run.paceSamples.splice(0, run.paceSamples.length - PACE_SAMPLES_KEPT);
  }
}

/** Calls per minute over the samples of the last five minutes of workflow time. */
function pacePerMinute(samples: Array<[number, number]>): number {
  const last = samples[samples.length - 1];
  if (!last) return 0;
  const window = samples.filter(([at]) => at >= last[0] - 5 * 60_000);
  const first = window[0];
  if (!first || last[0] === first[0]) return 0;
  return Math.round(((last[1] - first[1]) / (last[0] - first[0])) * 60_000 * 10) / 10;
}
