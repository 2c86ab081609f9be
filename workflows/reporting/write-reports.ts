import type { RunPhase } from '../../src/migration/contracts/workflow-types.js';
import { localActivities } from '../activity-proxies.js';
import type { LedgerRun, WrittenReport } from '../ledger-run/run-state.js';

/**
 * Writes the run's reports, showing the run in the given phase; answers their folder, their page,
 * and the calls they count as made.
 */
export async function writeReports(
  run: LedgerRun,
  phase: RunPhase = run.phase,
): Promise<WrittenReport> {
  return localActivities.writeReports({
    scope: run.scope(),
    progress: { ...run.progress(), phase },
    source: run.input.source,
    batchSize: run.settings.batchSize,
  });
}

/** Where the run stands once its report is written (the operator loop decides the same). */
export function phaseAfterReport(run: LedgerRun): RunPhase {
  const verified = run.verification?.verified !== false;
  // A dry run whose live run would stop says so first: its predictions assume rows left out.
  if (run.input.mode === 'dry-run') {
    if (run.blockedReason !== undefined) return 'blocked';
    return verified ? 'completed' : 'needs-review';
  }
  if (run.paused) return 'paused';
  return run.finishesByItself && run.replayQueued === undefined ? 'completed' : 'awaiting-operator';
}
