import type { RunPhase } from '../../src/migration/contracts/workflow-types.js';
import { apiActivities, localActivities } from '../activity-proxies.js';
import { progressOf, setPhase, VERIFICATION_CALLS } from '../ledger-run/run-progress.js';
import {
  addOtherCalls,
  currentStage,
  isClean,
  recordReportFolder,
  recordVerification,
  scopeOf,
  type LedgerRun,
} from '../ledger-run/run-state.js';

const VERIFICATION_REPORTS = ['trial-balance', 'aged-receivables', 'aged-payables'] as const;

/** Verification (live: the workspace's reports against the legacy books) and the reports. */
export async function verifyAndReport(run: LedgerRun): Promise<void> {
  const scope = scopeOf(run);
  setPhase(run, 'verifying');
  if (run.input.mode === 'live') {
    const api = apiActivities(scope);
    for (const report of VERIFICATION_REPORTS.slice(0, VERIFICATION_CALLS)) {
      await api.fetchReport({ scope, report, asOf: currentStage(run).endDate });
      addOtherCalls(run, 1);
    }
  }
  recordVerification(run, await localActivities.verifyBooks({ scope }));
  setPhase(run, 'reporting');
  // The report is kept and signed: it states where the run stands once it is written, not that it
  // is being written.
  recordReportFolder(run, await writeReports(run, phaseAfterReport(run)));
}

/** Writes the run's reports, showing the run in the given phase; answers their folder. */
export async function writeReports(run: LedgerRun, phase: RunPhase = run.phase): Promise<string> {
  const { folder } = await localActivities.writeReports({
    scope: scopeOf(run),
    progress: { ...progressOf(run), phase },
    source: run.input.source,
    batchSize: run.settings.batchSize,
  });
  return folder;
}

/** Where the run stands once its report is written (the operator loop decides the same). */
function phaseAfterReport(run: LedgerRun): RunPhase {
  const verified = run.verification?.verified !== false;
  if (run.input.mode === 'dry-run') return verified ? 'completed' : 'needs-review';
  if (run.operator.paused) return 'paused';
  return run.settings.finishWhenClean && isClean(run) && run.operator.replayQueued === undefined
    ? 'completed'
    : 'awaiting-operator';
}
