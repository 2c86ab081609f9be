import { needsOwnSkip, type Problem, type TrialBalanceLine } from '../../ledger/index.js';
import type { RunStore } from '../../run-store/run-store.js';
import type { StagedRow, StagingSkip } from '../contracts/staged-row.js';
import { stepNames, type StepName } from '../contracts/steps.js';
import type { BufferedAppender } from '../../collections/buffered-appender.js';
import { chunkWriter, countingWriter, logWriter } from './chunk-writer.js';
import { stageKeys } from './stage-keys.js';

/**
 * What staging writes to the run store as it reads: rows per step in chunks (of the steps kept),
 * rows skipped before
 * any API call (with the reason), every problem, and the legacy trial balance. Counts what it
 * wrote, for the manifest.
 */
export class StageOutputs {
  private readonly rows: Map<StepName, BufferedAppender<StagedRow>>;
  private readonly skips: BufferedAppender<StagingSkip>;
  private readonly problems: BufferedAppender<Problem>;
  readonly legacyTrialBalance: BufferedAppender<TrialBalanceLine>;
  readonly skipCounts = Object.fromEntries(stepNames.map((step) => [step, 0])) as Record<
    StepName,
    number
  >;
  readonly problemCounts = { error: 0, warning: 0, info: 0 };
  /** Errors `--skip-invalid-rows` does not pass (src/ledger/own-skip-errors.ts). */
  ownSkipErrors = 0;

  constructor(store: RunStore, stageId: string, rowsKept: readonly StepName[] = stepNames) {
    const keys = stageKeys(stageId);
    this.rows = new Map(
      stepNames.map((step) => [
        step,
        rowsKept.includes(step)
          ? chunkWriter<StagedRow>(store, keys.rows(step))
          : countingWriter<StagedRow>(),
      ]),
    );
    this.problems = logWriter(store, keys.problems);
    this.skips = logWriter(store, keys.skips);
    this.legacyTrialBalance = chunkWriter(store, keys.legacyTrialBalance);
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
    if (needsOwnSkip(problem)) this.ownSkipErrors += 1;
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
