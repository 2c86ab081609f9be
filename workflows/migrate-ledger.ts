import {
  allHandlersFinished,
  ApplicationFailure,
  condition,
  makeContinueAsNewFunc,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import { ledgerCarriedStateSchema } from '../src/migration/contracts/carried-state-schema.js';
import { CONFIGURATION_ERROR } from '../src/migration/contracts/failure-types.js';
import type { StepName } from '../src/migration/contracts/steps.js';
import {
  resolveStartInput,
  type MigrateLedgerStart,
} from '../src/migration/contracts/start-input.js';
import type {
  MigrateLedgerInput,
  ReplayRequest,
  RunPhase,
  SkipRequest,
} from '../src/migration/contracts/workflow-types.js';
import { localActivities } from './activity-proxies.js';
import { acceptCarried } from './carried-state.js';
import { onCurrentBuild } from './continue-as-new-options.js';
import {
  finishSignal,
  pauseSignal,
  progressQuery,
  resumeSignal,
  retryFailedRowsUpdate,
  skipRowsUpdate,
  stepPausedSignal,
  stepProgressSignal,
} from './handlers.js';
import { exactCounts } from './ledger-run/exact-counts.js';
import { exportsGate } from './ledger-run/exports-gate.js';
import {
  checkReplayRequest,
  checkReplayWorkspace,
  checkSkipRequest,
  countReplay,
} from './ledger-run/operator-requests.js';
import { answeredByLastResume, signalChildren } from './ledger-run/pause-and-resume.js';
import { progressOf, publish, showDetails } from './ledger-run/run-progress.js';
import {
  addOtherCalls,
  beginReplayRound,
  carriedStateOf,
  currentStage,
  enterRunPhase,
  isClean,
  markReplayRequested,
  openRun,
  recordBlockedReason,
  recordCurrency,
  recordEstimatedCalls,
  recordExactCounts,
  recordFinishRequested,
  recordPause,
  recordPlanTag,
  recordQueuedReplay,
  recordReport,
  recordResume,
  recordStage,
  recordStepChild,
  recordStepDone,
  recordStepProgress,
  recordStepStarted,
  recordVerification,
  samplePace,
  scopeOf,
  sendToChildrenInTurn,
  type CarriedState,
  type MigrateLedgerWorkflow,
  type QueuedReplay,
  type RunOutcome,
} from './ledger-run/run-state.js';
import { runSteps } from './ledger-run/step-scheduler.js';
import { planIdOf } from './planning/plan-ids.js';
import { phaseAfterReport, writeReports } from './reporting/write-reports.js';
import { stageExports } from './staging/stage-exports.js';
import { takeUndoSnapshot } from './undo/take-undo-snapshot.js';
import { readVerificationReports } from './verification/verification-reports.js';
import { bindRunWorkspace, checkRunWorkspace } from './workspace/bind-run-workspace.js';
import {
  checkBooksAgainstWorkspace,
  readWorkspaceForCheck,
  workspaceCheckScope,
} from './workspace/workspace-precheck.js';

export type { CarriedState, RunOutcome } from './ledger-run/run-state.js';

/**
 * A whole migration: stage the exports, run the steps in dependency order (independent ones at the
 * same time), verify the books, write the reports; live runs then wait for replays of failed rows
 * until the operator finishes (or finish by themselves when clean).
 *
 * This function owns the run's state: `openRun` hands the writable form to it alone, and only the
 * closures below apply transitions (workflows/ledger-run/run-state.ts). The parts they call, in
 * ledger-run/ and the concept folders, take values and return (or yield) what happened.
 */
export async function migrateLedger(
  given: MigrateLedgerStart,
  carriedGiven?: CarriedState,
): Promise<RunOutcome> {
  const input = checkedInput(given);
  // Without carried state the first pass runs every safeguard; only continue-as-new may skip it.
  const carried = acceptCarried(ledgerCarriedStateSchema, carriedGiven, 'carried state');
  const run = openRun(input, carried);
  const { settings, operator } = run;

  /** Enters the next phase (run-state.ts decides what a pause keeps) and shows the run. */
  const setPhase = (next: RunPhase) => {
    enterRunPhase(run, next);
    publish(run);
  };
  const pause = (reason: string) => {
    recordPause(run, reason, Date.now());
    publish(run);
  };
  const tellChildren = () => sendToChildrenInTurn(run, () => signalChildren(run));

  // Every query, signal and update the run answers.
  setHandler(progressQuery, () => progressOf(run));
  setHandler(stepProgressSignal, (update) => {
    recordStepProgress(run, update);
    samplePace(run, Date.now());
    showDetails(run);
  });
  setHandler(stepPausedSignal, async ({ step, reason, attemptStartedAt }) => {
    // An attempt scheduled before the operator fixed things and resumed: resume that child, so it
    // tries the unit again with what the operator fixed, instead of pausing the run again.
    if (answeredByLastResume(operator, attemptStartedAt)) await tellChildren();
    else pause(`${step}: ${reason}`);
  });
  setHandler(pauseSignal, async ({ reason }) => {
    pause(reason ?? 'paused by the operator');
    await tellChildren();
  });
  setHandler(resumeSignal, async () => {
    if (!operator.paused) return;
    recordResume(run, Date.now());
    publish(run);
    await tellChildren();
  });
  setHandler(finishSignal, () => recordFinishRequested(run));
  setHandler(
    retryFailedRowsUpdate,
    async (request) => {
      // Count first, then queue: the operator loop starts the round as soon as it is queued. The
      // flag keeps a second request out meanwhile (validators run before any await).
      markReplayRequested(run, true);
      try {
        await checkReplayWorkspace(run);
      } catch (error) {
        markReplayRequested(run, false);
        throw error;
      }
      addOtherCalls(run, 1);
      const { replay, rows } = await countReplay(run, request);
      recordQueuedReplay(run, replay);
      return { round: run.round + 1, rows };
    },
    { validator: (request: ReplayRequest) => checkReplayRequest(run, request) },
  );
  setHandler(
    skipRowsUpdate,
    async (request) => {
      const result = await localActivities.skipFailedRows({ scope: scopeOf(run), request });
      await countExactly();
      return result;
    },
    // The request itself is checked by the activity; the validator checks when it may run.
    { validator: (_request: SkipRequest) => checkSkipRequest(run) },
  );

  /**
   * A new run's first pass: stage the exports, run every selected step, verify and report. Answers
   * the outcome when the run ends here (a blocked live run, any dry run); a live run goes on to
   * wait for the operator.
   */
  async function firstPass(): Promise<RunOutcome | undefined> {
    publish(run);
    // A run name belongs to one workspace: another one is refused before the first read of it.
    const workspace = await checkRunWorkspace(
      scopeOf(run, settings.mainStageId),
      input.mode === 'live' ? 'run' : 'dry run',
      input.source,
    );
    addOtherCalls(run, 1);
    // The workspace pre-check (workspace/workspace-precheck.ts).
    const checkScope = workspaceCheckScope(scopeOf(run, settings.mainStageId));
    const read = await readWorkspaceForCheck(checkScope, input.source);
    addOtherCalls(run, read.calls);
    recordCurrency(run, input.currency ?? read.currency ?? run.currency);
    const stage = await stageExports(
      input,
      { currency: run.currency, batchSize: settings.batchSize },
      { stageId: settings.mainStageId, ...(input.endDate ? { endDate: input.endDate } : {}) },
    );
    recordStage(run, stage);
    recordEstimatedCalls(
      run,
      settings.selectedSteps.reduce((sum, step) => sum + stage.estimatedCalls[step], 0),
    );
    const check = await checkBooksAgainstWorkspace(
      scopeOf(run),
      checkScope,
      input.currency !== undefined,
    );
    const gate = exportsGate(input, stage);
    recordBlockedReason(
      run,
      check.reason ?? gate.reason,
      // What the exports hold that stops the run, by code and place (never a message).
      gate.reason !== undefined && stage.problems.error > 0
        ? await localActivities.firstProblems({ scope: scopeOf(run) })
        : undefined,
    );
    if (check.blocking || gate.now) {
      setPhase('blocked');
      recordReport(run, await writeReports(run));
      return { status: 'blocked', progress: progressOf(run) };
    }
    setPhase('migrating');
    if (input.mode === 'live') {
      await bindRunWorkspace(scopeOf(run), workspace);
      // What an undo restores, read before the first write.
      for await (const calls of takeUndoSnapshot(scopeOf(run), stage.endDate)) {
        addOtherCalls(run, calls);
      }
      // A later execution of the run name (after an undo, say) plans afresh
      // (workflows/planning/plan-ids.ts).
      recordPlanTag(run, (await localActivities.planTag({ scope: scopeOf(run) })).tag);
    }
    await runRound(planIdOf(0, run.planTag), settings.selectedSteps);
    await countExactly();
    await verifyAndReport();
    if (input.mode === 'dry-run') {
      // A dry run whose live run would be blocked ends blocked, as that live run would.
      setPhase(phaseAfterReport(run));
      return {
        status: run.phase === 'blocked' ? 'blocked' : 'dry-run-complete',
        progress: progressOf(run),
      };
    }
    return undefined;
  }

  /**
   * A live run after its first pass: replays failed rows when the operator asks, until the operator
   * finishes it (or it is clean and may finish by itself). Continues as new while it waits, so the
   * history stays bounded.
   */
  async function awaitOperator(): Promise<RunOutcome> {
    const finishesByItself = () => settings.finishWhenClean && isClean(run);
    for (;;) {
      setPhase(operator.paused ? 'paused' : 'awaiting-operator');
      await condition(
        () =>
          operator.finishRequested ||
          operator.replayQueued !== undefined ||
          finishesByItself() ||
          workflowInfo().continueAsNewSuggested,
      );
      if (operator.finishRequested || (finishesByItself() && operator.replayQueued === undefined)) {
        break;
      }
      if (operator.replayQueued === undefined) {
        await condition(allHandlersFinished);
        return makeContinueAsNewFunc<MigrateLedgerWorkflow>(onCurrentBuild)(
          run.input,
          carriedStateOf(run),
        );
      }
      await replayRound(operator.replayQueued);
    }
    setPhase(isClean(run) ? 'completed' : 'needs-review');
    return { status: isClean(run) ? 'completed' : 'needs-review', progress: progressOf(run) };
  }

  /** One replay round: re-stage the exports, run the steps with failed rows, verify and report. */
  async function replayRound(request: QueuedReplay): Promise<void> {
    beginReplayRound(run);
    setPhase('replaying');
    const { mainStageId, batchSize } = settings;
    recordStage(
      run,
      await stageExports(
        input,
        { currency: run.currency, batchSize },
        {
          stageId: `${mainStageId}-replay-${run.round}`,
          endDate: currentStage(run).endDate,
          replayOf: mainStageId,
        },
      ),
    );
    const failedSteps = await localActivities.stepsWithFailures({
      scope: scopeOf(run),
      ...(request.step ? { step: request.step } : {}),
    });
    await runRound(
      planIdOf(run.round, run.planTag),
      failedSteps,
      request.code ? { failedCode: request.code } : {},
    );
    recordQueuedReplay(run, undefined);
    await countExactly();
    await verifyAndReport();
  }

  /** Runs the steps as children, recording what happens to each. */
  async function runRound(
    planId: string,
    steps: StepName[],
    replay?: { failedCode?: string },
  ): Promise<void> {
    for await (const event of runSteps(run, planId, steps, replay)) {
      if (event.kind === 'starting') recordStepStarted(run, event.step);
      else if (event.kind === 'started') {
        recordStepChild(run, event.step, event.child);
        // A child started while the run is paused starts told to wait.
        if (operator.paused) await tellChildren();
      } else {
        recordStepDone(run, event.step, event.result);
        publish(run);
      }
    }
  }

  /** Exact counts from the run store replace the live ones (after a round or a skip). */
  async function countExactly(): Promise<void> {
    recordExactCounts(run, await exactCounts(scopeOf(run), settings.selectedSteps));
    publish(run);
  }

  /** Verification (live: the workspace's reports against the legacy books) and the reports. */
  async function verifyAndReport(): Promise<void> {
    setPhase('verifying');
    for await (const calls of readVerificationReports(run)) addOtherCalls(run, calls);
    recordVerification(run, await localActivities.verifyBooks({ scope: scopeOf(run) }));
    setPhase('reporting');
    // The report is kept and signed: it states where the run stands once it is written, not that
    // it is being written.
    recordReport(run, await writeReports(run, phaseAfterReport(run)));
  }

  if (!carried) {
    const outcome = await firstPass();
    if (outcome) return outcome;
  }
  return awaitOperator();
}

/**
 * Before anything else: an input from the Temporal UI or `temporal workflow start` is unchecked,
 * and a near miss (`mode: "Live"`) would otherwise write while skipping a live run's safeguards.
 * The run name may be left to the workflow id, so the Web UI's form asks for it once.
 */
function checkedInput(given: MigrateLedgerStart): MigrateLedgerInput {
  const resolved = resolveStartInput(given, workflowInfo().workflowId);
  if (!resolved.ok) throw ApplicationFailure.nonRetryable(resolved.message, CONFIGURATION_ERROR);
  return resolved.input;
}
