import { Context } from '@temporalio/activity';
import pLimit, { type LimitFunction } from 'p-limit';
import { loggingCalls, withFailureMapping } from './activity-boundary.js';
import { reconcileCallSite, unitCallSite } from '../src/migration/call-log/call-sites.js';
import type { ReconcileInput, UnitInput } from '../src/migration/contracts/workflow-types.js';
import { RetryableCallError } from '../src/migration/engine/call-failure.js';
import type { EngineDeps } from '../src/migration/engine/engine.js';
import { isStoredAlone } from '../src/migration/planning/unit-pages.js';
import { executeUnit } from '../src/migration/sending/execute-unit.js';
import { failUnit } from '../src/migration/sending/fail-unit.js';
import {
  predictUnits,
  type PredictedUnits,
  type PredictUnitsInput,
} from '../src/migration/sending/predict-units.js';
import { reconcileUnit } from '../src/migration/sending/reconcile-unit.js';
import { REQUEUE_DELAY_MS, type SendWindow } from '../src/migration/sending/send-deadline.js';

/** What sending's activities need besides the engine's dependencies. */
export interface SendingActivityDeps extends EngineDeps {
  /**
   * How late after its release a paced call may still be sent (src/migration/sending/send-deadline.ts);
   * unset, a call is sent however long the run store held it.
   */
  maxSendDelayMs?: number;
}

/** How long a unit stored on its own may wait for its turn to execute (`largeUnits` below). */
export const LARGE_UNIT_WAIT_AT_MOST_MS = 60_000;

/** The send window of an API activity starting now, when the worker sets one. */
function sendWindowFrom(deps: SendingActivityDeps): SendWindow | undefined {
  if (deps.maxSendDelayMs === undefined) return undefined;
  return { releasedAtMs: deps.now().getTime(), maxDelayMs: deps.maxSendDelayMs };
}

/**
 * Sending's activities: one unit's API call, a dry run's units predicted in bulk, an ambiguous
 * write reconciled, a unit given up. Those that talk to the API make one call each.
 *
 * `largeUnits` lets one unit stored on its own (over a thousand rows, src/migration/planning/unit-pages.ts)
 * execute at a time in this process. The invoices' tax reclassification is one such unit a month,
 * a journal line per invoice; the queue released three of the large company's at once, and their
 * rows, requests and answers together set the live run's peak memory (docs/benchmarks.md, "The
 * large live run's report"). Other units never wait for them.
 */
export function createSendingActivities(
  deps: SendingActivityDeps,
  largeUnits: LimitFunction = pLimit(1),
) {
  const execute = (input: UnitInput, sendWindow: SendWindow | undefined) =>
    loggingCalls(deps, input.scope, unitCallSite, input, () =>
      executeUnit(deps, input, sendWindow),
    );
  return {
    executeUnit: withFailureMapping(async (input: UnitInput) => {
      // Taken first: the queue released this activity now, and its call is due now.
      const sendWindow = sendWindowFrom(deps);
      const store = await deps.openStore(input.scope.runName);
      if (!(await isStoredAlone(store, input.scope, input.unit))) return execute(input, sendWindow);
      const releasedAtMs = deps.now().getTime();
      return largeUnits(() => {
        // Waited so long the activity's two minutes (workflows/activity-proxies.ts) may run out:
        // nothing is sent, and the queue releases the unit again at its pace.
        const waitedMs = deps.now().getTime() - releasedAtMs;
        if (waitedMs > LARGE_UNIT_WAIT_AT_MOST_MS) {
          throw new RetryableCallError(
            'StalledBeforeSend',
            `this unit waited ${Math.ceil(waitedMs / 1000)} s for the large units before it; it goes back to the paced queue`,
            REQUEUE_DELAY_MS,
          );
        }
        // Its call is due when its turn comes. Sent later than the queue released it, it may fall
        // in one API window with calls released after it: the worker's own request window holds
        // those back (src/partner-api/request-window.ts), so the API's limit still holds.
        return execute(input, sendWindowFrom(deps));
      });
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
