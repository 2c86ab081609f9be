import { workflowInfo } from '@temporalio/workflow';
import { unitWindow } from '../../src/migration/contracts/fair-share.js';
import type { PhaseName, UnitRef } from '../../src/migration/contracts/steps.js';
import { AttemptsInFlight } from '../attempts-in-flight.js';
import { attemptUnit } from './run-unit.js';
import { predictsInChunks, type StepRun, type StepWork } from '../step-run/step-state.js';

/** Units started in one run of this workflow before it continues as new (bounds its history). */
const UNITS_PER_RUN = 600;

/**
 * Runs a phase's units from `from` on, one API call each, with a sliding window of `concurrency`
 * times the run's weight calls in flight (src/migration/contracts/fair-share.ts), until the phase
 * ends or this execution has started its share (a dry run in chunks starts none here). Yields what
 * happens, in order: each unit it starts, each attempt's outcome (an attempt that pauses the step
 * is tried again, in the same place in the window), and the units done.
 */
export async function* runUnitWindow(
  run: StepRun,
  phase: PhaseName,
  total: number,
  from: number,
): AsyncGenerator<StepWork, void> {
  const { input } = run;
  const windowSize = unitWindow(input.concurrency, input.scope.weight);
  const inFlight = new AttemptsInFlight((unit: UnitRef) => attemptUnit(run, unit));
  let next = from;
  while (next < total || inFlight.size > 0) {
    while (
      !predictsInChunks(input) &&
      next < total &&
      inFlight.size < windowSize &&
      run.startedThisRun < (input.unitsPerRun ?? UNITS_PER_RUN) &&
      !workflowInfo().continueAsNewSuggested
    ) {
      yield { kind: 'next-call' };
      inFlight.launch({ step: input.step, phase, planId: input.planId, index: next });
      next += 1;
      yield { kind: 'started', units: 1, next };
    }
    if (inFlight.size === 0) break;
    const landed = await inFlight.next();
    yield landed.outcome;
    if (landed.outcome.kind === 'pausing') inFlight.launch(landed.unit);
    else yield { kind: 'done-to', unitsDone: run.unitsDone + 1, force: false };
  }
}
