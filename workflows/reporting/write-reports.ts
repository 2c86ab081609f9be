import type { RunPhase } from '../../src/migration/contracts/workflow-types.js';
import { localActivities } from '../activity-proxies.js';
import { progressOf } from '../ledger-run/run-progress.js';
import { isClean, scopeOf, type LedgerRun, type WrittenReport } from '../ledger-run/run-state.js';

/**
 * Writes the run's reports, showing the run in the given phase; answers their folder, their page,
 * and the calls they count as made.
 */
export async function writeReports(
  run: LedgerRun,
  phase: RunPhase = run.phase,
): Promise<WrittenReport> {
  return localActivities.writeReports({
    scope: scopeOf(run),
    progress: { ...progressOf(run), phase },
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
  if (run.operator.paused) return 'paused';
  return run.settings.finishWhenClean && isClean(run) && run.operator.replayQueued === undefined
    ? 'completed'
    : 'awaiting-operator';
}
