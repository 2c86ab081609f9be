import { Context } from '@temporalio/activity';
import type { RunScope } from '../src/migration/contracts/workflow-types.js';
import type { EngineDeps } from '../src/migration/engine/engine.js';
import { withCallLog, type CallSite } from '../src/migration/call-log/write-call-log.js';

/** Temporal's attempt of the running activity; 1 outside one (tests calling activities directly). */
function activityAttempt(): number {
  try {
    return Context.current().info.attempt;
  } catch {
    return 1;
  }
}

/**
 * Runs an activity's work with every API call it makes appended to the run's call log
 * (src/migration/call-log/write-call-log.ts), under the site `siteOf` names for its input.
 */
export async function loggingCalls<I, R>(
  deps: Pick<EngineDeps, 'openStore'>,
  scope: RunScope,
  siteOf: (input: I, attempt: number) => CallSite,
  input: I,
  work: () => Promise<R>,
): Promise<R> {
  const store = await deps.openStore(scope.runName);
  return withCallLog(store, siteOf(input, activityAttempt()), work);
}
