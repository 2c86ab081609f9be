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
import {
  resolveStartInput,
  type MigrateLedgerStart,
} from '../src/migration/contracts/start-input.js';
import type {
  MigrateLedgerInput,
  ReplayRequest,
  RunProgress,
  SkipRequest,
  StageSummary,
} from '../src/migration/contracts/workflow-types.js';
import { localActivities, stagingActivities, apiActivities } from './activity-proxies.js';
import { acceptCarried, onCurrentBuild } from './carried-state.js';
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
import { exportsGate } from './ledger-run/exports-gate.js';
import {
  checkReplayRequest,
  checkReplayWorkspace,
  checkSkipRequest,
  countReplay,
} from './ledger-run/operator-requests.js';
import {
  LedgerRun,
  type CarriedState,
  type QueuedReplay,
  VERIFICATION_CALLS,
} from './ledger-run/run-state.js';
import { runSteps } from './ledger-run/step-scheduler.js';
import { planIdOf } from './planning/plan-ids.js';
import { phaseAfterReport, writeReports } from './reporting/write-reports.js';
import { takeUndoSnapshot } from './undo/take-undo-snapshot.js';
import { bindRunWorkspace, checkRunWorkspace } from './workspace/bind-run-workspace.js';
import {
  checkBooksAgainstWorkspace,
  readWorkspaceForCheck,
  workspaceCheckScope,
} from './workspace/workspace-precheck.js';

export type { CarriedState } from './ledger-run/run-state.js';

export interface RunOutcome {
  status: 'dry-run-complete' | 'completed' | 'needs-review' | 'blocked';
  progress: RunProgress;
}

/**
 * A whole migration: stage the exports, run the steps in dependency order (independent ones at the
 * same time), verify the books, write the reports; live runs then wait for replays of failed rows
 * until the operator finishes (or finish by themselves when clean).
 *
 * The run's state is one `LedgerRun` (workflows/ledger-run/run-state.ts): the handlers below and
 * the functions after this one change it through its methods.
 */
export async function migrateLedger(
  given: MigrateLedgerStart,
  carriedGiven?: CarriedState,
): Promise<RunOutcome> {
  const input = checkedInput(given);
  // Without carried state the first pass runs every safeguard; only continue-as-new may skip it.
  const carried = acceptCarried(ledgerCarriedStateSchema, carriedGiven, 'carried state');
  const run = new LedgerRun(input, carried);

  setHandler(progressQuery, () => run.progress());
  setHandler(stepProgressSignal, (update) => run.stepReported(update, Date.now()));
  setHandler(stepPausedSignal, async ({ step, reason, attemptStartedAt }) => {
    // An attempt scheduled before the operator fixed things and resumed: resume that child, so it
    // tries the unit again with what the operator fixed, instead of pausing the run again.
    if (run.resumedSince(attemptStartedAt)) await run.tellChildren();
    else run.pause(`${step}: ${reason}`, Date.now());
  });
  setHandler(pauseSignal, async ({ reason }) => {
    run.pause(reason ?? 'paused by the operator', Date.now());
    await run.tellChildren();
  });
  setHandler(resumeSignal, async () => {
    if (!run.paused) return;
    run.resume(Date.now());
    await run.tellChildren();
  });
  setHandler(finishSignal, () => run.finish());
  setHandler(
    retryFailedRowsUpdate,
    async (request) => {
      // Count first, then queue: the operator loop starts the round as soon as it is queued. The
      // request keeps a second one out meanwhile (validators run before any await).
      run.requestReplay();
      try {
        await checkReplayWorkspace(run);
      } catch (error) {
        run.replayRefused();
        throw error;
      }
      run.addCalls(1);
      const { replay, rows } = await countReplay(run, request);
      run.queueReplay(replay);
      return { round: run.round + 1, rows };
    },
    { validator: (request: ReplayRequest) => checkReplayRequest(run, request) },
  );
  setHandler(
    skipRowsUpdate,
    async (request) => {
      const result = await localActivities.skipFailedRows({ scope: run.scope(), request });
      await countExactly(run);
      return result;
    },
    // The request itself is checked by the activity; the validator checks when it may run.
    { validator: (_request: SkipRequest) => checkSkipRequest(run) },
  );

  if (!carried) {
    const outcome = await firstPass(run);
    if (outcome) return outcome;
  }
  return awaitOperator(run);
}

/**
 * A new run's first pass: stage the exports, run every selected step, verify and report. Answers
 * the outcome when the run ends here (a blocked live run, any dry run); a live run goes on to wait
 * for the operator.
 */
async function firstPass(run: LedgerRun): Promise<RunOutcome | undefined> {
  const { input, settings } = run;
  run.publish();
  // A run name belongs to one workspace: another one is refused before the first read of it.
  const workspace = await checkRunWorkspace(
    run.scope(settings.mainStageId),
    input.mode === 'live' ? 'run' : 'dry run',
    input.source,
  );
  run.addCalls(1);
  // The workspace pre-check (workspace/workspace-precheck.ts).
  const checkScope = workspaceCheckScope(run.scope(settings.mainStageId));
  run.workspaceRead(await readWorkspaceForCheck(checkScope, input.source));
  const stage = await stageExports(
    input,
    { currency: run.currency, batchSize: settings.batchSize },
    { stageId: settings.mainStageId, ...(input.endDate ? { endDate: input.endDate } : {}) },
  );
  run.staged(stage);
  const check = await checkBooksAgainstWorkspace(
    run.scope(),
    checkScope,
    input.currency !== undefined,
  );
  const gate = exportsGate(input, stage);
  run.stopFound(
    check.reason ?? gate.reason,
    // What the exports hold that stops the run, by code and place (never a message).
    gate.reason !== undefined && stage.problems.error > 0
      ? await localActivities.firstProblems({ scope: run.scope() })
      : undefined,
  );
  if (check.blocking || gate.now) {
    run.block();
    run.reportWritten(await writeReports(run));
    return { status: 'blocked', progress: run.progress() };
  }
  run.enter('migrating');
  if (input.mode === 'live') {
    await bindRunWorkspace(run.scope(), workspace);
    // What an undo restores, read before the first write.
    await takeUndoSnapshot(run, stage.endDate);
    // A later execution of the run name (after an undo, say) plans afresh
    // (workflows/planning/plan-ids.ts).
    run.tagPlans((await localActivities.planTag({ scope: run.scope() })).tag);
  }
  await runSteps(run, planIdOf(0, run.planTag), settings.selectedSteps);
  await countExactly(run);
  await verifyAndReport(run);
  if (input.mode === 'dry-run') {
    // A dry run whose live run would be blocked ends blocked, as that live run would.
    run.enter(phaseAfterReport(run));
    return {
      status: run.phase === 'blocked' ? 'blocked' : 'dry-run-complete',
      progress: run.progress(),
    };
  }
  return undefined;
}

/**
 * A live run after its first pass: replays failed rows when the operator asks, until the operator
 * finishes it (or it is clean and may finish by itself). Continues as new while it waits, so the
 * history stays bounded.
 */
async function awaitOperator(run: LedgerRun): Promise<RunOutcome> {
  for (;;) {
    run.enter(run.paused ? 'paused' : 'awaiting-operator');
    await condition(
      () =>
        run.finishRequested ||
        run.replayQueued !== undefined ||
        run.finishesByItself ||
        workflowInfo().continueAsNewSuggested,
    );
    if (run.finishRequested || (run.finishesByItself && run.replayQueued === undefined)) break;
    if (run.replayQueued === undefined) {
      await condition(allHandlersFinished);
      return makeContinueAsNewFunc<typeof migrateLedger>(onCurrentBuild)(
        run.input,
        run.carriedState(),
      );
    }
    await replayRound(run, run.replayQueued);
  }
  run.enter(run.isClean ? 'completed' : 'needs-review');
  return { status: run.isClean ? 'completed' : 'needs-review', progress: run.progress() };
}

/** One replay round: re-stage the exports, run the steps with failed rows, verify and report. */
async function replayRound(run: LedgerRun, request: QueuedReplay): Promise<void> {
  const { input, settings } = run;
  run.startReplayRound();
  run.staged(
    await stageExports(
      input,
      { currency: run.currency, batchSize: settings.batchSize },
      {
        stageId: `${settings.mainStageId}-replay-${run.round}`,
        endDate: run.stage.endDate,
        replayOf: settings.mainStageId,
      },
    ),
  );
  const failedSteps = await localActivities.stepsWithFailures({
    scope: run.scope(),
    ...(request.step ? { step: request.step } : {}),
  });
  await runSteps(
    run,
    planIdOf(run.round, run.planTag),
    failedSteps,
    request.code ? { failedCode: request.code } : {},
  );
  run.replayRan();
  await countExactly(run);
  await verifyAndReport(run);
}

/**
 * Reads, checks and stages the exports: the main stage at the start, then again before each replay
 * round, so corrections made in the files are what gets replayed.
 */
function stageExports(
  input: MigrateLedgerInput,
  books: { currency: string; batchSize: number },
  which: { stageId: string; endDate?: string; replayOf?: string },
): Promise<StageSummary> {
  return stagingActivities.stageExports({
    runName: input.runName,
    stageId: which.stageId,
    source: input.source,
    cutoverDate: input.cutoverDate,
    ...(which.endDate ? { endDate: which.endDate } : {}),
    currency: books.currency,
    batchSize: books.batchSize,
    ...(which.replayOf ? { replayOf: which.replayOf } : {}),
  });
}

/** Exact counts from the run store replace the live ones (after a round or a skip). */
async function countExactly(run: LedgerRun): Promise<void> {
  run.countedExactly(
    await localActivities.summarizeRun({ scope: run.scope(), steps: run.settings.selectedSteps }),
  );
}

/** Verification (live: the workspace's reports against the legacy books) and the reports. */
async function verifyAndReport(run: LedgerRun): Promise<void> {
  run.enter('verifying');
  await readVerificationReports(run);
  run.verified(await localActivities.verifyBooks({ scope: run.scope() }));
  run.enter('reporting');
  // The report is kept and signed: it states where the run stands once it is written, not that it
  // is being written.
  run.reportWritten(await writeReports(run, phaseAfterReport(run)));
}

const VERIFICATION_REPORTS = ['trial-balance', 'aged-receivables', 'aged-payables'] as const;

/**
 * A live run's verification reads: the workspace's trial balance and aged receivables and payables
 * at the end date, into the run store, where `verifyBooks` compares them with the legacy books.
 * Each call counts in the run's progress as soon as it is made. A dry run reads none.
 */
async function readVerificationReports(run: LedgerRun): Promise<void> {
  if (run.input.mode !== 'live') return;
  const scope = run.scope();
  const api = apiActivities(scope);
  for (const report of VERIFICATION_REPORTS.slice(0, VERIFICATION_CALLS)) {
    await api.fetchReport({ scope, report, asOf: run.stage.endDate });
    run.addCalls(1);
  }
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
