import { apiActivities, localActivities } from '../activity-proxies.js';
import { setPhase, VERIFICATION_CALLS } from '../ledger-run/run-progress.js';
import { phaseAfterReport, writeReports } from '../reporting/write-reports.js';
import {
  addOtherCalls,
  currentStage,
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
