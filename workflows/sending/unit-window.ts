import { workflowInfo } from '@temporalio/workflow';
import { unitWindow } from '../../src/migration/contracts/fair-share.js';
import type { PhaseName, UnitRef } from '../../src/migration/contracts/steps.js';
import { runUnit } from './run-unit.js';
import { reportProgress, waitWhilePaused } from '../step-run/step-progress.js';
import {
  countUnitsStarted,
  predictsInChunks,
  recordUnitsDone,
  type StepRun,
} from '../step-run/step-state.js';

/** Units started in one run of this workflow before it continues as new (bounds its history). */
const UNITS_PER_RUN = 600;

/**
 * Runs a phase's units from `next` on, one API call each, with a sliding window of `concurrency`
 * times the run's weight calls in flight (src/migration/contracts/fair-share.ts), until the phase ends or this execution has started its share (a dry run in
 * chunks starts none here; it only waits for what is in flight). Answers the next unit to run.
 */
export async function runUnitWindow(
  run: StepRun,
  phase: PhaseName,
  total: number,
  from: number,
): Promise<number> {
  const { input } = run;
  const windowSize = unitWindow(input.concurrency, input.scope.weight);
  const inFlight = new Set<Promise<void>>();
  let next = from;
  while (next < total || inFlight.size > 0) {
    while (
      !predictsInChunks(input) &&
      next < total &&
      inFlight.size < windowSize &&
      run.startedThisRun < (input.unitsPerRun ?? UNITS_PER_RUN) &&
      !workflowInfo().continueAsNewSuggested
    ) {
      await waitWhilePaused(run);
      const unit: UnitRef = { step: input.step, phase, planId: input.planId, index: next };
      next += 1;
      countUnitsStarted(run, 1);
      const running: Promise<void> = runUnit(run, unit).then(async () => {
        inFlight.delete(running);
        recordUnitsDone(run, run.unitsDone + 1);
        await reportProgress(run, 'running');
      });
      inFlight.add(running);
    }
    if (inFlight.size === 0) break;
    await Promise.race(inFlight);
  }
  return next;
}
