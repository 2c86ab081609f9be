import {
  allHandlersFinished,
  ApplicationFailure,
  condition,
  log,
  makeContinueAsNewFunc,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import { stepCursorSchema } from '../src/migration/contracts/carried-state-schema.js';
import { CONFIGURATION_ERROR } from '../src/migration/contracts/failure-types.js';
import { stepPhases, type PhaseName, snapshotsOfStep } from '../src/migration/contracts/steps.js';
import type { PhasePlan } from '../src/migration/contracts/workflow-types.js';
import { localActivities } from './activity-proxies.js';
import { onCurrentBuild, acceptCarried } from './carried-state.js';
import { pauseSignal, resumeSignal } from './handlers.js';
import { predictInChunks } from './sending/predict-in-chunks.js';
import { runUnitWindow } from './sending/unit-window.js';
import { StepRun, type MigrateStepInput, type StepResult } from './step-run/step-state.js';

export type { MigrateStepInput, StepResult } from './step-run/step-state.js';

/**
 * One migration step: snapshot reads, then each phase's units (one API call each) with a sliding
 * window of `concurrency` calls in flight. Rows fail, the step goes on; a credential or quota
 * problem pauses the step until the operator resumes.
 *
 * The step's state is one `StepRun` (workflows/step-run/step-state.ts): the run's pause and resume
 * signals and the parts below change it through its methods.
 */
export async function migrateStep(given: MigrateStepInput): Promise<StepResult> {
  const input = checkedStepInput(given);
  const { step, cursor } = input;
  const run = new StepRun(input);
  // The run pauses and resumes its steps by signal; the step shows the run where it stands.
  setHandler(pauseSignal, () => run.pause());
  setHandler(resumeSignal, () => run.resume());

  if (!cursor?.snapshotsTaken && !input.replay) await readSnapshots(run);
  const phases: readonly PhaseName[] = stepPhases[step];
  for (let phaseIndex = cursor?.phaseIndex ?? 0; phaseIndex < phases.length; phaseIndex += 1) {
    const phase = phases[phaseIndex] as PhaseName;
    run.enterPhase(phase);
    const resuming = cursor !== undefined && phaseIndex === cursor.phaseIndex;
    if (!resuming) {
      run.planned(await planPhase(run, phase));
      await run.report('running', true);
    }
    const total = run.plannedUnits;
    const from = resuming ? cursor.nextUnit : 0;
    const next = run.predictsInChunks
      ? await predictInChunks(run, phase, total, from)
      : await runUnitWindow(run, phase, total, from);
    await run.reportsSent();
    if (next < total) {
      // History stays bounded: hand the rest of this phase to a fresh run.
      await condition(allHandlersFinished);
      log.info('continuing step as new', { step, phase, next });
      return makeContinueAsNewFunc<typeof migrateStep>(onCurrentBuild)({
        ...input,
        cursor: run.cursorAt(phaseIndex, next),
      });
    }
  }

  await run.report('done', true);
  await condition(allHandlersFinished);
  return run.result();
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

/** Plans a phase's units (its rows count once the step takes the plan). */
function planPhase(run: StepRun, phase: PhaseName): Promise<PhasePlan> {
  const { input } = run;
  return localActivities.planPhase({
    scope: input.scope,
    planId: input.planId,
    step: input.step,
    phase,
    batchSize: input.batchSize,
    ...(input.replay ? { replay: input.replay } : {}),
  });
}

/** Reads, page by page, the workspace's records the step's plan checks against. */
async function readSnapshots(run: StepRun): Promise<void> {
  const { scope, planId, step } = run.input;
  for (const resource of snapshotsOfStep[step]) {
    let page = 1;
    let totalPages = 1;
    while (page <= totalPages) {
      await run.untilRunning();
      ({ totalPages } = await run.api.readSnapshotPage({ scope, planId, resource, page }));
      run.addCalls(1);
      page += 1;
    }
  }
}
