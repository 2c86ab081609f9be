import { Context } from '@temporalio/activity';
import { loggingCalls } from '../../../activities/activity-boundary.js';
import { withFailureMapping } from '../../../activities/activity-boundary.js';
import { reconcileCallSite, unitCallSite } from '../call-log/call-sites.js';
import type { ReconcileInput, UnitInput } from '../contracts/workflow-types.js';
import type { EngineDeps } from '../engine/engine.js';
import { executeUnit } from './execute-unit.js';
import { failUnit } from './fail-unit.js';
import { predictUnits, type PredictedUnits, type PredictUnitsInput } from './predict-units.js';
import { reconcileUnit } from './reconcile-unit.js';
import type { SendWindow } from './send-deadline.js';

/** What sending's activities need besides the engine's dependencies. */
export interface SendingActivityDeps extends EngineDeps {
  /**
   * How late after its release a paced call may still be sent (src/migration/sending/send-deadline.ts);
   * unset, a call is sent however long the run store held it.
   */
  maxSendDelayMs?: number;
}

/** The send window of an API activity starting now, when the worker sets one. */
function sendWindowFrom(deps: SendingActivityDeps): SendWindow | undefined {
  if (deps.maxSendDelayMs === undefined) return undefined;
  return { releasedAtMs: deps.now().getTime(), maxDelayMs: deps.maxSendDelayMs };
}

/**
 * Sending's activities: one unit's API call, a dry run's units predicted in bulk, an ambiguous
 * write reconciled, a unit given up. Those that talk to the API make one call each.
 */
export function createSendingActivities(deps: SendingActivityDeps) {
  return {
    executeUnit: withFailureMapping((input: UnitInput) => {
      // Taken first: the queue released this activity now, and its call is due now.
      const sendWindow = sendWindowFrom(deps);
      return loggingCalls(deps, input.scope, unitCallSite, input, () =>
        executeUnit(deps, input, sendWindow),
      );
    }),
    // A dry run's units in bulk: heartbeats carry the totals so far, and a retry resumes from them.
    predictUnits: withFailureMapping((input: PredictUnitsInput) => {
      const context = Context.current();
      const resume = context.info.heartbeatDetails as PredictedUnits | undefined;
      return predictUnits(deps, input, resume, (progress) => context.heartbeat(progress));
    }),
    reconcileUnit: withFailureMapping((input: ReconcileInput) =>
      loggingCalls(deps, input.scope, reconcileCallSite, input, () => reconcileUnit(deps, input)),
    ),
    failUnit: withFailureMapping((input: UnitInput & { code: string; reason: string }) =>
      failUnit(deps, input),
    ),
  };
}

export type SendingActivities = ReturnType<typeof createSendingActivities>;
