import { log, workflowInfo } from '@temporalio/workflow';
import type { PhaseName, UnitRef } from '../../src/migration/contracts/steps.js';
import type { PredictUnitsInput } from '../../src/migration/sending/predict-units.js';
import { localActivities } from '../activity-proxies.js';
import { attemptUnit } from './run-unit.js';
import type { StepRun } from '../step-run/step-state.js';

/**
 * A dry run predicts its units in chunks, one activity each, instead of one activity per unit (each
 * activity's orchestration costs more than predicting a unit): large enough that orchestration
 * vanishes, small enough that progress moves every second or two. A chunk costs two round trips
 * to the server (the activity's dispatch, its completion's workflow task), as long as predicting a
 * thousand units, so chunks of a thousand would leave the worker waiting on the server for much of
 * a dry run (docs/temporal-notes.md, "Dry runs predict in chunks"). A retried
 * chunk resumes from its last heartbeat, so a larger chunk redoes no more.
 */
const DRY_RUN_CHUNK_UNITS = 10_000;
/** A dry run's units per workflow run: 200 chunks, about 2,000 history events. */
const DRY_RUN_UNITS_PER_RUN = 200 * DRY_RUN_CHUNK_UNITS;

/**
 * Predicts a phase's units from `from` on, a chunk at a time, until the phase ends or this
 * execution has started its share; the run hears of each chunk. Answers the next unit to predict.
 */
export async function predictInChunks(
  run: StepRun,
  phase: PhaseName,
  total: number,
  from: number,
): Promise<number> {
  const { scope, planId, step } = run.input;
  const perRun = run.input.unitsPerRun ?? DRY_RUN_UNITS_PER_RUN;
  let next = from;
  while (next < total && run.startedThisRun < perRun && !workflowInfo().continueAsNewSuggested) {
    await run.untilRunning();
    const size = Math.min(DRY_RUN_CHUNK_UNITS, total - next, perRun - run.startedThisRun);
    const chunk: PredictUnitsInput = { scope, planId, step, phase, from: next, to: next + size };
    const predicted = await localActivities.predictUnits(chunk);
    run.settled(predicted.rows, predicted.calls);
    run.unitsStarted(predicted.next - next);
    next = predicted.next;
    if (predicted.stoppedAt) {
      // The unit whose prediction threw runs alone, with the retries and failure of any unit.
      log.warn('predicting a unit alone', { step, phase, unit: predicted.stoppedAt.index });
      const unit: UnitRef = { step, phase, planId, index: predicted.stoppedAt.index };
      for (;;) {
        const outcome = await attemptUnit(run, unit);
        if (outcome.kind === 'settled') {
          run.settled(outcome.rows, outcome.calls);
          break;
        }
        await run.pauseOn(outcome);
      }
      next = predicted.stoppedAt.index + 1;
      run.unitsStarted(1);
    }
    await run.doneTo(next);
  }
  return next;
}
