import { getExternalWorkflowHandle, setHandler } from '@temporalio/workflow';
import { pauseSignal, resumeSignal, stepPausedSignal } from '../handlers.js';
import { setPhase } from './run-progress.js';
import type { LedgerRun } from './run-state.js';

/** Pause (the operator's, or a step's on a credential or quota problem) and resume. */
export function handlePauseAndResume(run: LedgerRun): void {
  const { operator } = run;
  setHandler(stepPausedSignal, ({ step, reason }) => pause(run, `${step}: ${reason}`));
  setHandler(pauseSignal, async ({ reason }) => {
    pause(run, reason ?? 'paused by the operator');
    await tellChildren(run);
  });
  setHandler(resumeSignal, async () => {
    if (!operator.paused) return;
    operator.paused = false;
    operator.pauseReason = undefined;
    setPhase(run, operator.phaseBeforePause);
    await tellChildren(run);
  });
}

function pause(run: LedgerRun, reason: string): void {
  const { operator } = run;
  if (!operator.paused) operator.phaseBeforePause = run.phase;
  operator.paused = true;
  operator.pauseReason = reason;
  setPhase(run, 'paused');
}

/**
 * Tells the running steps whether the run is paused. Signals to the children go out one round at a
 * time, each saying the run's state as it is when sent. A pause and a resume sent close together
 * would otherwise interleave their awaits, and a child could hear the resume before the pause and
 * stay paused forever.
 */
export function tellChildren(run: LedgerRun): Promise<void> {
  run.childrenTold = run.childrenTold.then(async () => {
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
  return run.childrenTold;
}
