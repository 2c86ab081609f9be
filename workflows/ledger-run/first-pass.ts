import { localActivities } from '../activity-proxies.js';
import { exactCounts } from './exact-counts.js';
import { leftOutStop } from './left-out-gate.js';
import { planIdOf } from '../planning/plan-ids.js';
import { progressOf, publish, setPhase } from './run-progress.js';
import {
  addOtherCalls,
  recordBlockedReason,
  recordCurrency,
  recordEstimatedCalls,
  recordExactCounts,
  recordPlanTag,
  recordReportFolder,
  recordStage,
  scopeOf,
  type LedgerRun,
  type RunOutcome,
} from './run-state.js';
import { stageExports } from '../staging/stage-exports.js';
import { takeUndoSnapshot } from '../undo/take-undo-snapshot.js';
import { runSteps } from './step-scheduler.js';
import { writeReports } from '../reporting/write-reports.js';
import { verifyAndReport } from '../verification/verify-and-report.js';
import {
  checkBooksAgainstWorkspace,
  readWorkspaceForCheck,
  workspaceCheckScope,
} from '../workspace/workspace-precheck.js';
import { bindRunWorkspace, checkRunWorkspace } from '../workspace/bind-run-workspace.js';

/**
 * A new run's first pass: stage the exports, run every selected step, verify and report. Answers
 * the outcome when the run ends here (a blocked live run, any dry run); a live run goes on to wait
 * for the operator.
 */
export async function firstPass(run: LedgerRun): Promise<RunOutcome | undefined> {
  const { input, settings } = run;
  publish(run);
  // A run name belongs to one workspace: another one is refused before the first read of it.
  const workspace = await checkRunWorkspace(
    scopeOf(run, settings.mainStageId),
    input.mode === 'live' ? 'run' : 'dry run',
    input.source,
  );
  addOtherCalls(run, 1);
  // The workspace pre-check (workspace-precheck.ts).
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
  const leftOut = leftOutStop(input, stage);
  recordBlockedReason(run, check.reason ?? leftOut);
  if (
    check.blocking ||
    leftOut !== undefined ||
    (input.mode === 'live' && stage.blocking && !input.skipInvalidRows)
  ) {
    setPhase(run, 'blocked');
    recordReportFolder(run, await writeReports(run));
    return { status: 'blocked', progress: progressOf(run) };
  }
  setPhase(run, 'migrating');
  if (input.mode === 'live') {
    await bindRunWorkspace(scopeOf(run), workspace);
    // What an undo restores, read before the first write.
    await takeUndoSnapshot(scopeOf(run), stage.endDate, () => addOtherCalls(run, 1));
    // A later execution of the run name (after an undo, say) plans afresh
    // (workflows/planning/plan-ids.ts).
    recordPlanTag(run, (await localActivities.planTag({ scope: scopeOf(run) })).tag);
  }
  await runSteps(run, planIdOf(0, run.planTag), settings.selectedSteps);
  recordExactCounts(run, await exactCounts(scopeOf(run), settings.selectedSteps));
  publish(run);
  await verifyAndReport(run);
  if (input.mode === 'dry-run') {
    setPhase(run, run.verification?.verified === false ? 'needs-review' : 'completed');
    return { status: 'dry-run-complete', progress: progressOf(run) };
  }
  return undefined;
}
