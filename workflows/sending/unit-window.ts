import { workflowInfo } from '@temporalio/workflow';
import { unitWindow } from '../../src/migration/contracts/fair-share.js';
import type { PhaseName, UnitRef } from '../../src/migration/contracts/steps.js';
import { AttemptsInFlight } from '../attempts-in-flight.js';
import { attemptUnit } from './run-unit.js';
import type { StepRun } from '../step-run/step-state.js';

/** Units started in one run of this workflow before it continues as new (bounds its history). */
const UNITS_PER_RUN = 600;

/**
 * Runs a phase's units from `from` on, one API call each, with a sliding window of `concurrency`
 * times the run's weight calls in flight (src/migration/contracts/fair-share.ts), until the phase
 * ends or this execution has started its share. An attempt that pauses the step is tried again,
 * in the same place in the window. Answers the next unit to start.
 */
export async function runUnitWindow(
  run: StepRun,
  phase: PhaseName,
  total: number,
  from: number,
): Promise<number> {
  const { input } = run;
  const windowSize = unitWindow(input.concurrency, input.scope.weight);
  const perRun = input.unitsPerRun ?? UNITS_PER_RUN;
  const inFlight = new AttemptsInFlight((unit: UnitRef) => attemptUnit(run, unit));
  let next = from;
  while (next < total || inFlight.size > 0) {
    while (
      next < total &&
      inFlight.size < windowSize &&
      run.startedThisRun < perRun &&
      !workflowInfo().continueAsNewSuggested
    ) {
      await run.untilRunning();
      inFlight.launch({ step: input.step, phase, planId: input.planId, index: next });
      next += 1;
      run.unitsStarted(1);
    }
    if (inFlight.size === 0) break;
    const { unit, outcome } = await inFlight.next();
    if (outcome.kind === 'pausing') {
      await run.pauseOn(outcome);
      inFlight.launch(unit);
    } else {
      run.settled(outcome.rows, outcome.calls);
      run.unitDone();
    }
  }
  return next;
}
