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
import { acceptCarried, onCurrentBuild } from './carried-state.js';
import {
  pausingReason,
  undoApiActivities,
  undoLocalActivities as local,
} from './activity-proxies.js';
import { pauseSignal, resumeSignal } from './handlers.js';
import { checkRunWorkspace } from './workspace/bind-run-workspace.js';
import { reverseGroups } from './undo/reverse-groups.js';
import { undoProgressQuery } from './undo/undo-handlers.js';
import { UndoRun } from './undo/undo-state.js';

/**
 * Undoes a live run: plans the reversal from the run's outcome log phase by phase (what holds a
 * record first), runs each unit as one API call through the migration's engine, then compares the
 * workspace's trial balance with the snapshot taken before the run's first write. A dry run plans
 * and reports only. Started by `ledgerlift undo` or from the Web UI with one JSON object. A live
 * undo pauses on a credential or quota problem until resumed, and continues as new with a small
 * cursor, so its history does not grow with the reversals (its parts are in undo/).
 *
 * The undo's state is one `UndoRun` (workflows/undo/undo-state.ts): the pause and resume signals,
 * the reversal window and the verification change it through its methods.
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
  const run = new UndoRun(input, scope, planId, cursor);
  setHandler(undoProgressQuery, () => run.progress());
  // The migration's pause and resume signals (workflows/handlers.ts): `ledgerlift pause` and
  // `resume`, or the Temporal UI, stop and continue an undo's reversals the same way.
  setHandler(pauseSignal, ({ reason }) => run.pause(reason ?? 'paused by the operator'));
  setHandler(resumeSignal, () => {
    if (run.paused) run.resume(Date.now());
  });
  run.enter('planning');
  // Only in the run's own workspace (src/migration/workspace/workspace-binding.ts).
  if (!cursor) {
    await checkRunWorkspace(scope, 'undo');
    run.addCalls(1);
  }
  const asOf = cursor?.asOf ?? (await snapshotDate(run));
  // The phases an earlier execution finished: their stored plans, for the progress and the report.
  for (const phase of undoPhases.slice(0, run.phaseIndex)) {
    run.planned(await local.planUndoPhase({ scope, planId, phase, steps: input.steps }));
  }

  while (run.phaseIndex < undoPhases.length) {
    const phase = undoPhases[run.phaseIndex] as (typeof undoPhases)[number];
    run.enter('planning');
    // Idempotent: a phase planned by an earlier execution answers its stored groups.
    const planned = await local.planUndoPhase({ scope, planId, phase, steps: input.steps });
    run.planned(planned);
    if (input.mode !== 'live') {
      run.finishPhase();
      continue;
    }
    run.enter('reversing');
    await reverseGroups(run, planned);
    if (run.groupIndex < planned.length) {
      await condition(allHandlersFinished);
      const next = run.cursor(asOf);
      log.info('continuing undo as new', { ...next });
      return makeContinueAsNewFunc<typeof undoRun>(onCurrentBuild)(given, next);
    }
    run.finishPhase();
  }
  return verifyAndReport(run, asOf);
}

/** After the last phase: the trial balance against the snapshot (live), then the report. */
async function verifyAndReport(run: UndoRun, asOf: string): Promise<UndoOutcome> {
  const { input, scope, planId, groups } = run;
  const notReversible = await local.listNotReversible({
    runName: input.runName,
    steps: input.steps,
  });
  const plan: UndoPlan = {
    planId,
    groups: [...groups],
    calls: run.unitsPlanned,
    notReversible,
    asOf,
  };
  let verification: UndoOutcome['verification'];
  if (input.mode === 'live') {
    run.enter('verifying');
    const api = undoApiActivities(scope);
    for (;;) {
      await run.untilRunning();
      const attemptStartedAt = Date.now();
      try {
        await api.fetchUndoTrialBalance({ scope, planId, asOf });
        break;
      } catch (error) {
        const reason = pausingReason(error);
        if (reason === undefined) throw error;
        run.pauseFor(reason, attemptStartedAt);
      }
    }
    run.addCalls(1);
    verification = await local.verifyUndo({ scope, planId, steps: input.steps });
  }
  run.enter('reporting');
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
  run.enter('done');
  return { ...outcome, reportFolder: folder };
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
