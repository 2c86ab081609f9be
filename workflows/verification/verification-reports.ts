import { apiActivities } from '../activity-proxies.js';
import { VERIFICATION_CALLS, type LedgerRun } from '../ledger-run/run-state.js';

const VERIFICATION_REPORTS = ['trial-balance', 'aged-receivables', 'aged-payables'] as const;

/**
 * A live run's verification reads: the workspace's trial balance and aged receivables and payables
 * at the end date, into the run store, where `verifyBooks` compares them with the legacy books.
 * Each call counts in the run's progress as soon as it is made. A dry run reads none.
 */
export async function readVerificationReports(run: LedgerRun): Promise<void> {
  if (run.input.mode !== 'live') return;
  const scope = run.scope();
  const api = apiActivities(scope);
  for (const report of VERIFICATION_REPORTS.slice(0, VERIFICATION_CALLS)) {
    await api.fetchReport({ scope, report, asOf: run.stage.endDate });
    run.addCalls(1);
  }
}
