import {
  allHandlersFinished,
  ApplicationFailure,
  condition,
  log,
  makeContinueAsNewFunc,
  workflowInfo,
} from '@temporalio/workflow';
import { stepCursorSchema } from '../src/migration/contracts/carried-state-schema.js';
import { CONFIGURATION_ERROR } from '../src/migration/contracts/failure-types.js';
import { stepPhases, type PhaseName } from '../src/migration/contracts/steps.js';
import type { PhasePlan } from '../src/migration/contracts/workflow-types.js';
import { localActivities } from './activity-proxies.js';
import { onCurrentBuild } from './continue-as-new-options.js';
import { acceptCarried } from './carried-state.js';
import { predictInChunks } from './sending/predict-in-chunks.js';
import { readSnapshots } from './workspace/read-snapshots.js';
import { handlePauseAndResume, reportProgress } from './step-run/step-progress.js';
import {
  enterStepPhase,
  openStepRun,
  predictsInChunks,
  recordPhasePlan,
  type MigrateStepInput,
  type MigrateStepWorkflow,
  type StepResult,
  type StepRun,
} from './step-run/step-state.js';
import { runUnitWindow } from './sending/unit-window.js';

export type { MigrateStepInput, StepResult } from './step-run/step-state.js';

/**
 * One migration step: snapshot reads, then each phase's units (one API call each) with a sliding
 * window of `concurrency` calls in flight. Rows fail, the step goes on; a credential or quota
 * problem pauses the step until the operator resumes. Its parts are in step-run/.
 */
export async function migrateStep(given: MigrateStepInput): Promise<StepResult> {
  const input = checkedStepInput(given);
  const { step, cursor } = input;
  const run = openStepRun(input);
  handlePauseAndResume(run);
  if (!cursor?.snapshotsTaken && !input.replay) await readSnapshots(run);

  const phases: readonly PhaseName[] = stepPhases[step];
  for (let phaseIndex = cursor?.phaseIndex ?? 0; phaseIndex < phases.length; phaseIndex += 1) {
    const phase = phases[phaseIndex] as PhaseName;
    enterStepPhase(run, phase);
    const resuming = cursor !== undefined && phaseIndex === cursor.phaseIndex;
    if (!resuming) await planPhase(run, phase);
    const total = run.plan?.units ?? 0;
    let next = resuming ? cursor.nextUnit : 0;
    if (predictsInChunks(input)) next = await predictInChunks(run, phase, total, next);
    next = await runUnitWindow(run, phase, total, next);
    if (next < total) {
      // History stays bounded: hand the rest of this phase to a fresh run.
      await condition(allHandlersFinished);
      log.info('continuing step as new', { step, phase, next });
      return makeContinueAsNewFunc<MigrateStepWorkflow>(onCurrentBuild)({
        ...input,
        cursor: {
          phaseIndex,
          nextUnit: next,
          plan: run.plan as PhasePlan,
          rows: run.rows,
          calls: run.calls,
          snapshotsTaken: true,
        },
      });
    }
  }

  await reportProgress(run, 'done', true);
  return { step, rows: run.rows, calls: run.calls };
}

/**
 * A step runs only as a child of its migration, which passed the first pass's safeguards before
 * starting it (a step started on its own from the Web UI would write without them), and takes a
 * cursor only from continue-as-new (workflows/carried-state.ts).
 */
function checkedStepInput(given: MigrateStepInput): MigrateStepInput {
  if (!workflowInfo().parent) {
    throw ApplicationFailure.nonRetryable(
      'A migration step runs only as a child of its migrateLedger run: start the migration instead.',
      CONFIGURATION_ERROR,
    );
  }
  const { cursor: givenCursor, ...rest } = given;
  const cursor = acceptCarried(stepCursorSchema, givenCursor, 'step cursor');
  return cursor ? { ...rest, cursor } : rest;
}

/** Plans a phase's units and adds the rows it owns to the step's counts. */
async function planPhase(run: StepRun, phase: PhaseName): Promise<void> {
  const { input } = run;
  const plan = await localActivities.planPhase({
    scope: input.scope,
    planId: input.planId,
    step: input.step,
    phase,
    batchSize: input.batchSize,
    ...(input.replay ? { replay: input.replay } : {}),
  });
  recordPhasePlan(run, plan);
  await reportProgress(run, 'running', true);
}
