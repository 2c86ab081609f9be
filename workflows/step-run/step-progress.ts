import { condition, getExternalWorkflowHandle, setHandler } from '@temporalio/workflow';
import type { StepProgress } from '../../src/migration/contracts/workflow-types.js';
import { pauseSignal, resumeSignal, stepPausedSignal, stepProgressSignal } from '../handlers.js';
import { recordReported, recordStepPause, recordStepResume, type StepRun } from './step-state.js';

/** Progress reports per phase, at most (plus the forced ones: phase start, pause, end). */
const REPORTS_PER_PHASE = 40;

/** The run pauses and resumes its steps by signal. */
export function handlePauseAndResume(run: StepRun): void {
  setHandler(pauseSignal, ({ reason }) => recordStepPause(run, reason ?? 'paused by the operator'));
  setHandler(resumeSignal, () => recordStepResume(run));
}

/**
 * Tells the run where the step stands: when forced, or once another fortieth of the phase's units
 * is done.
 */
export async function reportProgress(
  run: StepRun,
  status: StepProgress['status'],
  force = false,
): Promise<void> {
  const { parent } = run;
  if (!parent) return;
  const total = run.plan?.units ?? 0;
  const every = Math.max(1, Math.ceil(total / REPORTS_PER_PHASE));
  if (!force && run.unitsDone - run.lastReported < every) return;
  recordReported(run);
  const progress: StepProgress = {
    step: run.input.step,
    status,
    ...(run.currentPhase ? { phase: run.currentPhase } : {}),
    rows: { ...run.rows },
    units: { total, done: run.unitsDone },
    calls: run.calls,
  };
  await getExternalWorkflowHandle(parent.workflowId, parent.runId).signal(
    stepProgressSignal,
    progress,
  );
}

/** Pauses the step on a failure (a credential or quota problem) and tells the run why. */
export async function pauseOnFailure(
  run: StepRun,
  reason: string,
  attemptStartedAt: number,
): Promise<void> {
  recordStepPause(run, reason);
  const { parent } = run;
  if (parent) {
    await getExternalWorkflowHandle(parent.workflowId, parent.runId).signal(stepPausedSignal, {
      step: run.input.step,
      reason,
      attemptStartedAt,
    });
  }
}

/** Waits out a pause; tells the run why when the pause came from a failure. */
export async function waitWhilePaused(run: StepRun): Promise<void> {
  if (!run.paused) return;
  await reportProgress(run, 'paused', true);
  await condition(() => !run.paused);
  await reportProgress(run, 'running', true);
}
