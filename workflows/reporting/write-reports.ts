import type { RunPhase } from '../../src/migration/contracts/workflow-types.js';
import { localActivities } from '../activity-proxies.js';
import type { LedgerRun } from '../ledger-run/run-state.js';

/** Writes the run's reports, showing the run in the given phase; answers their folder. */
export async function writeReports(run: LedgerRun, phase: RunPhase = run.phase): Promise<string> {
  const { folder } = await localActivities.writeReports({
    scope: run.scope(),
    progress: { ...run.progress(), phase },
    source: run.input.source,
    batchSize: run.settings.batchSize,
  });
  return folder;
}

/** Where the run stands once its report is written (the operator loop decides the same). */
export function phaseAfterReport(run: LedgerRun): RunPhase {
  const verified = run.verification?.verified !== false;
  if (run.input.mode === 'dry-run') return verified ? 'completed' : 'needs-review';
  if (run.paused) return 'paused';
  return run.finishesByItself && run.replayQueued === undefined ? 'completed' : 'awaiting-operator';
}
