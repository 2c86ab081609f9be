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
import { stepPhases, type PhaseName } from '../src/migration/contracts/steps.js';
import type { PhasePlan, StepProgress } from '../src/migration/contracts/workflow-types.js';
import { localActivities } from './activity-proxies.js';
import { onCurrentBuild } from './continue-as-new-options.js';
import { acceptCarried } from './carried-state.js';
import { pauseSignal, resumeSignal } from './handlers.js';
import { predictInChunks } from './sending/predict-in-chunks.js';
import { runUnitWindow } from './sending/unit-window.js';
import {
  progressDue,
  sendProgress,
  tellRunPaused,
  untilRunning,
} from './step-run/step-progress.js';
import {
  addSettledRows,
  addStepCalls,
  countUnitsStarted,
  enterStepPhase,
  openStepRun,
  predictsInChunks,
  recordPhasePlan,
  recordReported,
  recordStepPause,
  recordStepResume,
  recordUnitsDone,
  type MigrateStepInput,
  type MigrateStepWorkflow,
  type StepResult,
  type StepRun,
  type StepWork,
} from './step-run/step-state.js';
import { readSnapshots } from './workspace/read-snapshots.js';

export type { MigrateStepInput, StepResult } from './step-run/step-state.js';

/**
 * One migration step: snapshot reads, then each phase's units (one API call each) with a sliding
 * window of `concurrency` calls in flight. Rows fail, the step goes on; a credential or quota
 * problem pauses the step until the operator resumes.
 *
 * This function owns the step's state: `openStepRun` hands the writable form to it alone, and only
 * the closures below apply transitions (workflows/step-run/step-state.ts). The parts it runs
 * (snapshot reads, the unit window, predictions in chunks) yield what happened as `StepWork`.
 */
export async function migrateStep(given: MigrateStepInput): Promise<StepResult> {
  const input = checkedStepInput(given);
  const { step, cursor } = input;
  const run = openStepRun(input);

  /** Tells the run where the step stands, when forced or when enough units are done since. */
  const report = async (status: StepProgress['status'], force: boolean) => {
    const progress = progressDue(run, status, force);
    if (!progress) return;
    recordReported(run);
    await sendProgress(run, progress);
  };
  // The run pauses and resumes its steps by signal; the step shows the run where it stands.
  setHandler(pauseSignal, async ({ reason }) => {
    recordStepPause(run, reason ?? 'paused by the operator');
    await report('paused', true);
  });
  setHandler(resumeSignal, async () => {
    if (!run.paused) return;
    recordStepResume(run);
    await report('running', true);
  });

  /** The next unit of the current phase to start. */
  let next = 0;
  /** Applies what a part of the step did, in order; a part waits while this is under way. */
  const apply = async (work: StepWork): Promise<void> => {
    switch (work.kind) {
      case 'next-call':
        return untilRunning(run);
      case 'calls':
        return addStepCalls(run, work.calls);
      case 'started':
        countUnitsStarted(run, work.units);
        next = work.next;
        return;
      case 'settled':
        addSettledRows(run, work.rows);
        return addStepCalls(run, work.calls);
      case 'pausing':
        addStepCalls(run, work.calls);
        recordStepPause(run, work.reason);
        await tellRunPaused(run, work.reason, work.attemptStartedAt);
        return report('paused', true);
      case 'done-to': {
        recordUnitsDone(run, work.unitsDone);
        const sending = report('running', work.force);
        if (work.force) return sending;
        // The window goes on while a unit's progress is sent; it is awaited before the phase ends.
        reportsUnderWay.add(sending);
        sending.then(
          () => reportsUnderWay.delete(sending),
          () => undefined,
        );
        return;
      }
    }
  };
  const reportsUnderWay = new Set<Promise<void>>();

  if (!cursor?.snapshotsTaken && !input.replay) {
    for await (const work of readSnapshots(run)) await apply(work);
  }
  const phases: readonly PhaseName[] = stepPhases[step];
  for (let phaseIndex = cursor?.phaseIndex ?? 0; phaseIndex < phases.length; phaseIndex += 1) {
    const phase = phases[phaseIndex] as PhaseName;
    enterStepPhase(run, phase);
    const resuming = cursor !== undefined && phaseIndex === cursor.phaseIndex;
    if (!resuming) {
      recordPhasePlan(run, await planPhase(run, phase));
      await report('running', true);
    }
    const total = run.plan?.units ?? 0;
    next = resuming ? cursor.nextUnit : 0;
    if (predictsInChunks(input)) {
      for await (const work of predictInChunks(run, phase, total, next)) await apply(work);
    }
    for await (const work of runUnitWindow(run, phase, total, next)) await apply(work);
    await Promise.all(reportsUnderWay);
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

  await report('done', true);
  await condition(allHandlersFinished);
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

/** Plans a phase's units (its rows count once migrateStep records the plan). */
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
