import type { UnitRef } from '../../src/migration/contracts/steps.js';
import type { UnitResult } from '../../src/migration/contracts/workflow-types.js';
import { isPausingFailureType } from '../../src/migration/contracts/failure-types.js';
import { failureMessage, failureType, localActivities } from '../activity-proxies.js';
import { pauseOnFailure, waitWhilePaused } from '../step-run/step-progress.js';
import { addSettledRows, addStepCalls, type StepRun } from '../step-run/step-state.js';

/** Runs one unit to completion, reconciling a possibly committed earlier attempt first. */
export async function runUnit(run: StepRun, unit: UnitRef): Promise<void> {
  for (;;) {
    await waitWhilePaused(run);
    let result: UnitResult;
    const attemptStartedAt = Date.now();
    try {
      result = await run.units.executeUnit({ scope: run.input.scope, unit });
    } catch (error) {
      const type = failureType(error);
      if (isPausingFailureType(type)) {
        await pauseOnFailure(run, `${type}: ${failureMessage(error)}`, attemptStartedAt);
        continue;
      }
      // Retries are exhausted: the unit's rows fail with the reason, and the step goes on.
      const failed = await localActivities.failUnit({
        scope: run.input.scope,
        unit,
        code: `unit.${(type ?? 'error').toLowerCase()}`,
        reason: failureMessage(error),
      });
      addSettledRows(run, { done: 0, failed, skipped: 0 });
      return;
    }
    if (result.kind === 'done') {
      addSettledRows(run, result.rows);
      addStepCalls(run, result.calls);
      return;
    }
    await reconcile(run, unit, result.lookups);
  }
}

/** Looks for an earlier attempt's record, page by page, before the unit runs again. */
async function reconcile(run: StepRun, unit: UnitRef, lookups: number): Promise<void> {
  for (let lookup = 0; lookup < lookups; lookup += 1) {
    let page: number | null = 1;
    while (page !== null) {
      await waitWhilePaused(run);
      ({ nextPage: page } = await run.api.reconcileUnit({
        scope: run.input.scope,
        unit,
        lookup,
        page,
      }));
      addStepCalls(run, 1);
    }
  }
}
