import { condition, getExternalWorkflowHandle } from '@temporalio/workflow';
import type { StepProgress } from '../../src/migration/contracts/workflow-types.js';
import { stepPausedSignal, stepProgressSignal } from '../handlers.js';
import type { StepRun } from './step-state.js';

/** Progress reports per phase, at most (plus the forced ones: phase start, pause, end). */
const REPORTS_PER_PHASE = 40;

/**
 * What to tell the run of where the step stands: when forced, or once another fortieth of the
 * phase's units is done; undefined when nothing is due. A running step the run paused reports
 * itself paused.
 */
export function progressDue(
  run: StepRun,
  status: StepProgress['status'],
  force: boolean,
): StepProgress | undefined {
  if (!run.parent) return undefined;
  const total = run.plan?.units ?? 0;
  const every = Math.max(1, Math.ceil(total / REPORTS_PER_PHASE));
  if (!force && run.unitsDone - run.lastReported < every) return undefined;
  return {
    step: run.input.step,
    status: status === 'running' && run.paused ? 'paused' : status,
    ...(run.currentPhase ? { phase: run.currentPhase } : {}),
    rows: { ...run.rows },
    units: { total, done: run.unitsDone },
    calls: run.calls,
  };
}

/** Sends the step's progress to its run. */
export async function sendProgress(run: StepRun, progress: StepProgress): Promise<void> {
  const { parent } = run;
  if (!parent) return;
  await getExternalWorkflowHandle(parent.workflowId, parent.runId).signal(
    stepProgressSignal,
    progress,
  );
}

/** Tells the run why the step paused itself (a credential or quota problem). */
export async function tellRunPaused(
  run: StepRun,
  reason: string,
  attemptStartedAt: number,
): Promise<void> {
  const { parent } = run;
  if (!parent) return;
  await getExternalWorkflowHandle(parent.workflowId, parent.runId).signal(stepPausedSignal, {
    step: run.input.step,
    reason,
    attemptStartedAt,
  });
}

/** Waits until the step is not paused: a call is never started while it is. */
export async function untilRunning(run: StepRun): Promise<void> {
  if (run.paused) await condition(() => !run.paused);
}
