import { apiActivities } from '../activity-proxies.js';
import { VERIFICATION_CALLS } from '../ledger-run/run-progress.js';
import { currentStage, scopeOf, type LedgerRun } from '../ledger-run/run-state.js';

const VERIFICATION_REPORTS = ['trial-balance', 'aged-receivables', 'aged-payables'] as const;

/**
 * A live run's verification reads: the workspace's trial balance and aged receivables and payables
 * at the end date, into the run store, where `verifyBooks` compares them with the legacy books.
 * Yields each call as it is made, so the run's progress counts it at once. A dry run reads none.
 */
export async function* readVerificationReports(run: LedgerRun): AsyncGenerator<number, void> {
  if (run.input.mode !== 'live') return;
  const scope = scopeOf(run);
  const api = apiActivities(scope);
  for (const report of VERIFICATION_REPORTS.slice(0, VERIFICATION_CALLS)) {
    await api.fetchReport({ scope, report, asOf: currentStage(run).endDate });
    yield 1;
  }
}
