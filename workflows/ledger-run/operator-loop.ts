import {
  allHandlersFinished,
  condition,
  makeContinueAsNewFunc,
  workflowInfo,
} from '@temporalio/workflow';
import { localActivities } from '../activity-proxies.js';
import { onCurrentBuild } from '../continue-as-new-options.js';
import { exactCounts } from './exact-counts.js';
import { planIdOf } from '../planning/plan-ids.js';
import { progressOf, publish, setPhase } from './run-progress.js';
import {
  beginReplayRound,
  carriedStateOf,
  currentStage,
  isClean,
  recordExactCounts,
  recordQueuedReplay,
  recordStage,
  scopeOf,
  type LedgerRun,
  type MigrateLedgerWorkflow,
  type QueuedReplay,
  type RunOutcome,
} from './run-state.js';
import { stageExports } from '../staging/stage-exports.js';
import { runSteps } from './step-scheduler.js';
import { verifyAndReport } from '../verification/verify-and-report.js';

/**
 * A live run after its first pass: replays failed rows when the operator asks, until the operator
 * finishes it (or it is clean and may finish by itself). Continues as new while it waits, so the
 * history stays bounded.
 */
export async function awaitOperator(run: LedgerRun): Promise<RunOutcome> {
  const { operator, settings } = run;
  const finishesByItself = () => settings.finishWhenClean && isClean(run);
  for (;;) {
    setPhase(run, operator.paused ? 'paused' : 'awaiting-operator');
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
    await replayRound(run, operator.replayQueued);
  }
  setPhase(run, isClean(run) ? 'completed' : 'needs-review');
  return { status: isClean(run) ? 'completed' : 'needs-review', progress: progressOf(run) };
}

/** One replay round: re-stage the exports, run the steps with failed rows, verify and report. */
async function replayRound(run: LedgerRun, request: QueuedReplay): Promise<void> {
  beginReplayRound(run);
  setPhase(run, 'replaying');
  const { mainStageId, batchSize } = run.settings;
  recordStage(
    run,
    await stageExports(
      run.input,
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
  await runSteps(
    run,
    planIdOf(run.round, run.planTag),
    failedSteps,
    request.code ? { failedCode: request.code } : {},
  );
  recordQueuedReplay(run, undefined);
  recordExactCounts(run, await exactCounts(scopeOf(run), run.settings.selectedSteps));
  publish(run);
  await verifyAndReport(run);
}
