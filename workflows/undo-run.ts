import {
  allHandlersFinished,
  ApplicationFailure,
  condition,
  log,
  makeContinueAsNewFunc,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import { undoCursorSchema } from '../src/migration/contracts/carried-state-schema.js';
import { CONFIGURATION_ERROR } from '../src/migration/contracts/failure-types.js';
import {
  undoPhases,
  undoWorkflowId,
  type UndoCursor,
  type UndoInput,
  estimatedMinutes,
  type UndoOutcome,
  type UndoPlan,
} from '../src/migration/contracts/undo-types.js';
import { checkUndoInput } from '../src/migration/contracts/undo-input-schema.js';
import type { RunScope } from '../src/migration/contracts/workflow-types.js';
import { acceptCarried } from './carried-state.js';
import { onCurrentBuild } from './continue-as-new-options.js';
import { pausingReason } from './activity-proxies.js';
import { pauseSignal, resumeSignal } from './handlers.js';
import { answeredByLastResume } from './ledger-run/pause-and-resume.js';
import { checkRunWorkspace } from './workspace/bind-run-workspace.js';
import { reverseGroups } from './undo/reverse-groups.js';
import { undoProgressQuery } from './undo/undo-handlers.js';
import { untilUndoRunning } from './undo/undo-pause.js';
import { undoApiActivities, undoLocalActivities as local } from './undo/undo-proxies.js';
import {
  addUndoCalls,
  finishUndoGroup,
  finishUndoPhase,
  openUndoRun,
  recordPlannedGroups,
  recordUndoPause,
  recordUndoResume,
  recordUndoUnitDone,
  setUndoState,
  startUndoUnit,
  undoProgressOf,
  unitsPlanned,
  type UndoRun,
  type UndoWork,
} from './undo/undo-state.js';

/** The workflow's signature, for continue-as-new (which must not import the workflow itself). */
type UndoRunWorkflow = (given: UndoInput, cursor?: UndoCursor) => Promise<UndoOutcome>;

/**
 * Undoes a live run: plans the reversal from the run's outcome log phase by phase (what holds a
 * record first), runs each unit as one API call through the migration's engine, then compares the
 * workspace's trial balance with the snapshot taken before the run's first write. A dry run plans
 * and reports only. Started by `ledgerlift undo` or from the Web UI with one JSON object. A live
 * undo pauses on a credential or quota problem until resumed, and continues as new with a small
 * cursor, so its history does not grow with the reversals (its parts are in undo/).
 *
 * This function owns the undo's state: `openUndoRun` hands the writable form to it alone, and only
 * the closures below apply transitions (workflows/undo/undo-state.ts); the reversal window yields
 * what happened as `UndoWork`.
 */
export async function undoRun(given: UndoInput, cursorGiven?: UndoCursor): Promise<UndoOutcome> {
  const checked = checkUndoInput(given);
  if (!checked.ok) throw ApplicationFailure.nonRetryable(checked.message, CONFIGURATION_ERROR);
  const input = checked.input;
  // A start from the Web UI under another id could overlap the run's migration or another undo.
  if (workflowInfo().workflowId !== undoWorkflowId(input.runName)) {
    throw ApplicationFailure.nonRetryable(
      `Start the undo of run "${input.runName}" with Workflow ID "${undoWorkflowId(input.runName)}", ` +
        "the run name's own: one workflow at a time writes under a run name.",
      CONFIGURATION_ERROR,
    );
  }
  // A forged cursor would skip phases (and the snapshot date's check): continue-as-new only.
  const cursor = acceptCarried(undoCursorSchema, cursorGiven, 'undo cursor');
  // Run ids are time-ordered (UUIDv7): their random tail tells two undos of the same minute apart.
  const planId =
    cursor?.planId ?? `undo-${workflowInfo().firstExecutionRunId.replace(/-/g, '').slice(-12)}`;
  const scope: RunScope = {
    runName: input.runName,
    mode: input.mode,
    stageId: planId,
    profile: input.profile,
    ...(input.weight !== undefined ? { weight: input.weight } : {}),
  };
  const run = openUndoRun(input, scope, planId, cursor);
  setHandler(undoProgressQuery, () => undoProgressOf(run));
  // The migration's pause and resume signals (workflows/handlers.ts): `ledgerlift pause` and
  // `resume`, or the Temporal UI, stop and continue an undo's reversals the same way.
  setHandler(pauseSignal, ({ reason }) => recordUndoPause(run, reason ?? 'paused by the operator'));
  setHandler(resumeSignal, () => {
    if (run.paused) recordUndoResume(run, Date.now());
  });
  /**
   * A credential or quota problem pauses the undo until the operator resumes; as in a migration,
   * a failure of an attempt scheduled before the operator's last resume does not pause again: the
   * operator has acted since, so it is just tried again.
   */
  const pauseFor = (reason: string, attemptStartedAt: number) => {
    if (!answeredByLastResume(run, attemptStartedAt)) recordUndoPause(run, reason);
  };
  /** Applies what the reversal window did, in order; the window waits while this is under way. */
  const apply = async (work: UndoWork): Promise<void> => {
    switch (work.kind) {
      case 'next-call':
        return untilUndoRunning(run);
      case 'started':
        return startUndoUnit(run);
      case 'calls':
        return addUndoCalls(run, work.calls);
      case 'pausing':
        return pauseFor(work.reason, work.attemptStartedAt);
      case 'unit-done':
        return recordUndoUnitDone(run);
      case 'group-done':
        return finishUndoGroup(run);
    }
  };
  setUndoState(run, 'planning');
  // Only in the run's own workspace (src/migration/workspace/workspace-binding.ts).
  if (!cursor) {
    await checkRunWorkspace(scope, 'undo');
    addUndoCalls(run, 1);
  }
  const asOf = cursor?.asOf ?? (await snapshotDate(run));
  // The phases an earlier execution finished: their stored plans, for the progress and the report.
  for (const phase of undoPhases.slice(0, run.phaseIndex)) {
    recordPlannedGroups(
      run,
      await local.planUndoPhase({ scope, planId, phase, steps: input.steps }),
    );
  }

  while (run.phaseIndex < undoPhases.length) {
    const phase = undoPhases[run.phaseIndex] as (typeof undoPhases)[number];
    setUndoState(run, 'planning');
    // Idempotent: a phase planned by an earlier execution answers its stored groups.
    const planned = await local.planUndoPhase({ scope, planId, phase, steps: input.steps });
    recordPlannedGroups(run, planned);
    if (input.mode !== 'live') {
      finishUndoPhase(run);
      continue;
    }
    setUndoState(run, 'reversing');
    for await (const work of reverseGroups(run, planned)) await apply(work);
    if (run.groupIndex < planned.length) {
      await condition(allHandlersFinished);
      const next: UndoCursor = {
        planId,
        asOf,
        phaseIndex: run.phaseIndex,
        groupIndex: run.groupIndex,
        nextUnit: run.nextUnit,
        calls: run.calls,
        unitsDone: run.unitsDone,
        unitsPlanned: unitsPlanned(run),
      };
      log.info('continuing undo as new', { ...next });
      return makeContinueAsNewFunc<UndoRunWorkflow>(onCurrentBuild)(given, next);
    }
    finishUndoPhase(run);
  }
  return verifyAndReport();

  /** After the last phase: the trial balance against the snapshot (live), then the report. */
  async function verifyAndReport(): Promise<UndoOutcome> {
    const { input, scope, planId, groups } = run;
    const notReversible = await local.listNotReversible({
      runName: input.runName,
      steps: input.steps,
    });
    const plan: UndoPlan = {
      planId,
      groups: [...groups],
      calls: unitsPlanned(run),
      notReversible,
      asOf,
    };
    let verification: UndoOutcome['verification'];
    if (input.mode === 'live') {
      setUndoState(run, 'verifying');
      const api = undoApiActivities(scope);
      for (;;) {
        await untilUndoRunning(run);
        const attemptStartedAt = Date.now();
        try {
          await api.fetchUndoTrialBalance({ scope, planId, asOf });
          break;
        } catch (error) {
          const reason = pausingReason(error);
          if (reason === undefined) throw error;
          pauseFor(reason, attemptStartedAt);
        }
      }
      addUndoCalls(run, 1);
      verification = await local.verifyUndo({ scope, planId, steps: input.steps });
    }
    setUndoState(run, 'reporting');
    const requestsPerMinute = await local.undoRequestsPerMinute();
    const { calls } = run;
    const outcome: Omit<UndoOutcome, 'reportFolder'> = {
      status:
        input.mode === 'dry-run'
          ? 'dry-run-complete'
          : verification?.balanced && verification.notReversed.length === 0
            ? 'verified'
            : 'needs-review',
      plan: { ...plan, notReversible: notReversible.length },
      estimatedMinutes: estimatedMinutes(plan.calls, requestsPerMinute),
      calls,
      verification,
    };
    const { folder } = await local.writeUndoReport({
      runName: input.runName,
      mode: input.mode,
      plan,
      calls,
      verification,
      outcome,
    });
    setUndoState(run, 'done');
    return { ...outcome, reportFolder: folder };
  }
}

async function snapshotDate(run: UndoRun): Promise<string> {
  const asOf = await local.undoSnapshotDate({ scope: run.scope });
  if (asOf === undefined) {
    throw ApplicationFailure.nonRetryable(
      `Run ${run.input.runName} has no snapshot from before its first write, so an undo could not ` +
        'verify the books afterwards: only live runs started by this version can be undone.',
      CONFIGURATION_ERROR,
    );
  }
  return asOf;
}
