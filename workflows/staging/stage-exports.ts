import type {
  MigrateLedgerInput,
  StageSummary,
} from '../../src/migration/contracts/workflow-types.js';
import { stagingActivities } from '../activity-proxies.js';

/**
 * Reads, checks and stages the exports: the main stage at the start, then again before each replay
 * round, so corrections made in the files are what gets replayed.
 */
export function stageExports(
  input: MigrateLedgerInput,
  books: { currency: string; batchSize: number },
  which: { stageId: string; endDate?: string; replayOf?: string },
): Promise<StageSummary> {
  return stagingActivities.stageExports({
    runName: input.runName,
    stageId: which.stageId,
    source: input.source,
    cutoverDate: input.cutoverDate,
    ...(which.endDate ? { endDate: which.endDate } : {}),
    currency: books.currency,
    batchSize: books.batchSize,
    ...(which.replayOf ? { replayOf: which.replayOf } : {}),
  });
}
