import { localActivities } from '../activity-proxies.js';
import { refreshCounts } from './exact-counts.js';
import { leftOutStop } from './left-out-gate.js';
import { planIdOf } from './plan-ids.js';
import { progressOf, publish, setPhase } from './run-progress.js';
import { scopeOf, type LedgerRun, type RunOutcome } from './run-state.js';
import { stageExports } from './stage-exports.js';
import { takeUndoSnapshot } from './undo-snapshot.js';
import { runSteps } from './step-scheduler.js';
import { verifyAndReport, writeReports } from './verify-and-report.js';
import {
  checkBooksAgainstWorkspace,
  readWorkspaceForCheck,
  workspaceCheckScope,
} from './workspace-precheck.js';
import { bindRunWorkspace, checkRunWorkspace } from './workspace-binding.js';

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
  run.otherCalls += 1;
  // The workspace pre-check (workspace-precheck.ts).
  const checkScope = workspaceCheckScope(scopeOf(run, settings.mainStageId));
  const read = await readWorkspaceForCheck(checkScope, input.source);
  run.otherCalls += read.calls;
  run.currency = input.currency ?? read.currency ?? run.currency;
  const stage = await stageExports(run, {
    stageId: settings.mainStageId,
    ...(input.endDate ? { endDate: input.endDate } : {}),
  });
  run.stage = stage;
  run.estimatedCalls = settings.selectedSteps.reduce(
    (sum, step) => sum + stage.estimatedCalls[step],
    0,
  );
  const check = await checkBooksAgainstWorkspace(
    scopeOf(run),
    checkScope,
    input.currency !== undefined,
  );
  const leftOut = leftOutStop(run, stage);
  run.blockedReason = check.reason ?? leftOut;
  if (
    check.blocking ||
    leftOut !== undefined ||
    (input.mode === 'live' && stage.blocking && !input.skipInvalidRows)
  ) {
    setPhase(run, 'blocked');
    await writeReports(run);
    return { status: 'blocked', progress: progressOf(run) };
  }
  setPhase(run, 'migrating');
  if (input.mode === 'live') await bindRunWorkspace(scopeOf(run), workspace);
  // What an undo restores, read before the first write.
  if (input.mode === 'live') await takeUndoSnapshot(run);
  // A later execution of the run name (after an undo, say) plans afresh
  // (workflows/ledger-run/plan-ids.ts).
  if (input.mode === 'live') {
    run.planTag = (await localActivities.planTag({ scope: scopeOf(run) })).tag;
  }
  await runSteps(run, planIdOf(0, run.planTag), settings.selectedSteps);
  await refreshCounts(run);
  await verifyAndReport(run);
  if (input.mode === 'dry-run') {
    setPhase(run, run.verification?.verified === false ? 'needs-review' : 'completed');
    return { status: 'dry-run-complete', progress: progressOf(run) };
  }
  return undefined;
}
