import { getExternalWorkflowHandle, setHandler } from '@temporalio/workflow';
import { pauseSignal, resumeSignal, stepPausedSignal } from '../handlers.js';
import { publish } from './run-progress.js';
import {
  recordPause,
  recordResume,
  sendToChildrenInTurn,
  type LedgerRun,
  type OperatorState,
} from './run-state.js';

/** Pause (the operator's, or a step's on a credential or quota problem) and resume. */
export function handlePauseAndResume(run: LedgerRun): void {
  const { operator } = run;
  setHandler(stepPausedSignal, async ({ step, reason, attemptStartedAt }) => {
    if (answeredByLastResume(operator, attemptStartedAt)) {
      // An attempt scheduled before the operator fixed things and resumed: resume that child, so
      // it tries the unit again with what the operator fixed, instead of pausing the run again.
      await tellChildren(run);
      return;
    }
    pause(run, `${step}: ${reason}`);
  });
  setHandler(pauseSignal, async ({ reason }) => {
    pause(run, reason ?? 'paused by the operator');
    await tellChildren(run);
  });
  setHandler(resumeSignal, async () => {
    if (!operator.paused) return;
    recordResume(run, Date.now());
    publish(run);
    await tellChildren(run);
  });
}

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

function pause(run: LedgerRun, reason: string): void {
  recordPause(run, reason);
  publish(run);
}

/**
 * Tells the running steps whether the run is paused. Signals to the children go out one round at a
 * time, each saying the run's state as it is when sent. A pause and a resume sent close together
 * would otherwise interleave their awaits, and a child could hear the resume before the pause and
 * stay paused forever.
 */
export function tellChildren(run: LedgerRun): Promise<void> {
  return sendToChildrenInTurn(run, async () => {
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
  });
}
