import type { RunStore } from '../../run-store/run-store.js';
import type { PhaseName, StepName } from '../contracts/steps.js';
import type { OutcomeLog } from './outcome-log.js';
import type { UnitRow } from '../contracts/unit-row.js';
import { scopeKeys } from './run-keys.js';
import type { RowOutcome } from './row-outcome.js';
import type { RunScope } from '../contracts/workflow-types.js';

/** Units and outcomes written per this many, so planning holds a page of them, not a phase. */
const WRITE_EVERY = 200;

/**
 * Where planning puts units and settled outcomes as it decides them: written to the run store a
 * page at a time, so planning a phase of a hundred thousand rows holds no more than a small one.
 * Safe to repeat: a retried plan writes the same unit documents again, and rows it already settled
 * are settled when it looks again. No unit runs before the phase's plan document exists.
 */
export class PlanSink {
  private units: Array<readonly [string, { rows: UnitRow[] }]> = [];
  private outcomes: RowOutcome[] = [];
  private unitCount = 0;

  constructor(
    private readonly store: RunStore,
    private readonly log: OutcomeLog,
    private readonly where: { scope: RunScope; planId: string; step: StepName; phase: PhaseName },
  ) {}

  /** One unit: the rows of one API call. */
  async unit(rows: UnitRow[]): Promise<void> {
    if (rows.length === 0) return;
    const { scope, ...unit } = this.where;
    const key = scopeKeys(scope).unit({ ...unit, index: this.unitCount });
    this.unitCount += 1;
    this.units.push([key, { rows }]);
    if (this.units.length >= WRITE_EVERY) await this.flushUnits();
  }

  /** An outcome settled without a call (matched, skipped, failed up front). */
  async decided(outcome: RowOutcome): Promise<void> {
    this.outcomes.push(outcome);
    if (this.outcomes.length >= WRITE_EVERY) await this.flushOutcomes();
  }

  /** Rows gathered `size` to a unit: for handlers that send rows in bulk. */
  batches(size: number): { add(row: UnitRow): Promise<void>; flush(): Promise<void> } {
    let rows: UnitRow[] = [];
    const flush = async () => {
      const full = rows;
      rows = [];
      await this.unit(full);
    };
    return {
      add: async (row) => {
        rows.push(row);
        if (rows.length >= size) await flush();
      },
      flush,
    };
  }

  /** Writes what is buffered; answers how many units the phase has. */
  async close(): Promise<number> {
    await this.flushUnits();
    await this.flushOutcomes();
    return this.unitCount;
  }

  private async flushUnits(): Promise<void> {
    const units = this.units;
    this.units = [];
    await this.store.putDocuments(units);
  }

  private async flushOutcomes(): Promise<void> {
    const outcomes = this.outcomes;
    this.outcomes = [];
    await this.log.append(outcomes);
  }
}
