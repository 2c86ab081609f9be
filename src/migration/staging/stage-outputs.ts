import type { Problem, TrialBalanceLine } from '../../ledger/index.js';
import type { RunStore } from '../../run-store/run-store.js';
import type { StagedRow, StagingSkip } from '../contracts/staged-row.js';
import { stepNames, type StepName } from '../contracts/steps.js';
import { ChunkWriter } from './chunk-writer.js';
import { BufferedLog } from './buffered-log.js';
import { stageKeys } from './stage-keys.js';

/**
 * What staging writes to the run store as it reads: rows per step in chunks, rows skipped before
 * any API call (with the reason), every problem, and the legacy trial balance. Counts what it
 * wrote, for the manifest.
 */
export class StageOutputs {
  private readonly rows: Map<StepName, ChunkWriter<StagedRow>>;
  private readonly skips: BufferedLog<StagingSkip>;
  private readonly problems: BufferedLog<Problem>;
  readonly legacyTrialBalance: ChunkWriter<TrialBalanceLine>;
  readonly skipCounts = Object.fromEntries(stepNames.map((step) => [step, 0])) as Record<
    StepName,
    number
  >;
  readonly problemCounts = { error: 0, warning: 0, info: 0 };

  constructor(store: RunStore, stageId: string) {
    const keys = stageKeys(stageId);
    this.rows = new Map(
      stepNames.map((step) => [step, new ChunkWriter<StagedRow>(store, keys.rows(step))]),
    );
    this.problems = new BufferedLog(store, keys.problems);
    this.skips = new BufferedLog(store, keys.skips);
    this.legacyTrialBalance = new ChunkWriter(store, keys.legacyTrialBalance);
  }

  async row(step: StepName, row: StagedRow): Promise<void> {
    await this.rows.get(step)?.add(row);
  }

  async skip(entry: StagingSkip): Promise<void> {
    if (entry.step) this.skipCounts[entry.step] += 1;
    await this.skips.add(entry);
  }

  async problem(problem: Problem): Promise<void> {
    this.problemCounts[problem.severity] += 1;
    await this.problems.add(problem);
  }

  rowCount(step: StepName): number {
    return this.rows.get(step)?.count ?? 0;
  }

  async flush(): Promise<void> {
    for (const writer of this.rows.values()) await writer.flush();
    await this.legacyTrialBalance.flush();
    await this.problems.flush();
    await this.skips.flush();
  }
}
