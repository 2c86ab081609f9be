import type { UnitRef } from '../../src/migration/contracts/steps.js';
import type { UnitResult } from '../../src/migration/contracts/workflow-types.js';
import {
  failureMessage,
  failureType,
  localActivities,
  pausingReason,
} from '../activity-proxies.js';
import type { SettledRows, StepRun } from '../step-run/step-state.js';

/** How one attempt at a unit ended: its rows settled, or a problem that pauses the step. */
type UnitOutcome =
  | { kind: 'settled'; rows: SettledRows; calls: number }
  | { kind: 'pausing'; reason: string; attemptStartedAt: number; calls: number };

/**
 * Runs one unit until its rows settle, reconciling a possibly committed earlier attempt first;
 * answers early, unsettled, on a credential or quota problem, for the step to pause and try again.
 * Starts no call while the step is paused.
 */
export async function attemptUnit(run: StepRun, unit: UnitRef): Promise<UnitOutcome> {
  let calls = 0;
  for (;;) {
    await run.untilRunning();
    let result: UnitResult;
    const attemptStartedAt = Date.now();
    try {
      result = await run.units.executeUnit({ scope: run.input.scope, unit });
    } catch (error) {
      const reason = pausingReason(error);
      if (reason !== undefined) return { kind: 'pausing', reason, attemptStartedAt, calls };
      const type = failureType(error);
      // Retries are exhausted: the unit's rows fail with the reason, and the step goes on.
      const failed = await localActivities.failUnit({
        scope: run.input.scope,
        unit,
        code: `unit.${(type ?? 'error').toLowerCase()}`,
        reason: failureMessage(error),
      });
      return { kind: 'settled', rows: { done: 0, failed, skipped: 0 }, calls };
    }
    if (result.kind === 'done') {
      return { kind: 'settled', rows: result.rows, calls: calls + result.calls };
    }
    calls += await reconcile(run, unit, result.lookups);
  }
}

/** Looks for an earlier attempt's record, page by page, before the unit runs again. */
async function reconcile(run: StepRun, unit: UnitRef, lookups: number): Promise<number> {
  let calls = 0;
  for (let lookup = 0; lookup < lookups; lookup += 1) {
    let page: number | null = 1;
    while (page !== null) {
      await run.untilRunning();
      ({ nextPage: page } = await run.api.reconcileUnit({
        scope: run.input.scope,
        unit,
        lookup,
        page,
      }));
      calls += 1;
    }
  }
  return calls;
}
