import type { StageSummary } from '../../src/migration/contracts/workflow-types.js';
import { stagingActivities } from '../activity-proxies.js';
import type { LedgerRun } from './run-state.js';

/**
 * Reads, checks and stages the exports: the main stage at the start, then again before each replay
 * round, so corrections made in the files are what gets replayed.
 */
export function stageExports(
  run: LedgerRun,
  which: { stageId: string; endDate?: string; replayOf?: string },
): Promise<StageSummary> {
  const { input, settings } = run;
  return stagingActivities.stageExports({
    runName: input.runName,
    stageId: which.stageId,
    source: input.source,
    cutoverDate: input.cutoverDate,
    ...(which.endDate ? { endDate: which.endDate } : {}),
    currency: run.currency,
    batchSize: settings.batchSize,
    ...(which.replayOf ? { replayOf: which.replayOf } : {}),
  });
}
