import { getExternalWorkflowHandle } from '@temporalio/workflow';
import { pauseSignal, resumeSignal } from '../handlers.js';
import type { LedgerRun, OperatorState } from './run-state.js';

/**
 * True when a step's pausing failure came from an attempt scheduled before the operator's last
 * resume, while the run is running: the operator has acted since (reconnected, waited out a quota).
 */
export function answeredByLastResume(
  operator: Pick<OperatorState, 'paused' | 'lastResumedAt'>,
  attemptStartedAt: number | undefined,
): boolean {
  return (
    !operator.paused &&
    attemptStartedAt !== undefined &&
    operator.lastResumedAt !== undefined &&
    attemptStartedAt < operator.lastResumedAt
  );
}

/**
 * Tells the running steps whether the run is paused, as it is when each signal is sent. migrateLedger
 * sends these one round at a time (run-state.ts's sendToChildrenInTurn): a pause and a resume sent
 * close together would otherwise interleave their awaits, and a child could hear the resume before
 * the pause and stay paused forever.
 */
export async function signalChildren(run: LedgerRun): Promise<void> {
  for (const handle of [...run.runningChildren.values()]) {
    const child = getExternalWorkflowHandle(handle.workflowId);
    try {
      if (run.operator.paused) {
        await child.signal(pauseSignal, { reason: run.operator.pauseReason });
      } else await child.signal(resumeSignal, {});
    } catch {
      // The child finished between the lookup and the signal: nothing is left to pause.
    }
  }
}
