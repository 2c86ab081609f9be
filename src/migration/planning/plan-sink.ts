import { BufferedAppender } from '../../collections/buffered-appender.js';
import type { RunStore } from '../../run-store/run-store.js';
import type { PhaseName, StepName } from '../contracts/steps.js';
import type { OutcomeLog } from '../outcomes/indexed-log.js';
import type { UnitRow } from '../contracts/unit-row.js';
import { scopeKeys } from '../outcomes/run-keys.js';
import type { RowOutcome } from '../outcomes/row-outcome.js';
import type { RunScope } from '../contracts/workflow-types.js';
import { ROWS_IN_PAGE_AT_MOST, UNITS_PER_PAGE, unitPage } from './unit-pages.js';

/** Outcomes written per this many, so planning holds a page of them, not a phase. */
const WRITE_EVERY = 200;

/**
 * Where planning puts units and settled outcomes as it decides them: written to the run store a
 * page at a time (units `UNITS_PER_PAGE` to a document, src/migration/planning/unit-pages.ts), so planning a phase of a hundred thousand rows holds no more than a small one.
 * Safe to repeat: a retried plan writes the same unit documents again, and rows it already settled
 * are settled when it looks again. No unit runs before the phase's plan document exists.
 */
export class PlanSink {
  /** The units of the page being filled; null for a unit already stored on its own. */
  private readonly units: BufferedAppender<UnitRow[] | null>;
  private readonly outcomes: BufferedAppender<RowOutcome>;

  constructor(
    private readonly store: RunStore,
    log: OutcomeLog,
    private readonly where: { scope: RunScope; planId: string; step: StepName; phase: PhaseName },
  ) {
    // Pages start at multiples of UNITS_PER_PAGE: the appender writes when it holds that many,
    // and the last, shorter page when the sink closes.
    this.units = new BufferedAppender(UNITS_PER_PAGE, (units) => {
      const first = this.units.count - units.length;
      const { scope, planId, step, phase } = this.where;
      const key = scopeKeys(scope).unitPage(planId, step, phase, first / UNITS_PER_PAGE);
      return store.putDocument(key, unitPage(first, units));
    });
    this.outcomes = new BufferedAppender(WRITE_EVERY, (outcomes) => log.append(outcomes));
  }

  /** One unit: the rows of one API call. A large one is written at once, on its own. */
  async unit(rows: UnitRow[]): Promise<void> {
    if (rows.length === 0) return;
    if (rows.length > ROWS_IN_PAGE_AT_MOST) {
      const { scope, planId, step, phase } = this.where;
      const ref = { planId, step, phase, index: this.units.count };
      await this.store.putDocument(scopeKeys(scope).unit(ref), { rows });
      await this.units.add(null);
      return;
    }
    await this.units.add(rows);
  }

  /** An outcome settled without a call (matched, skipped, failed up front). */
  async decided(outcome: RowOutcome): Promise<void> {
    await this.outcomes.add(outcome);
  }

  /** Rows gathered `size` to a unit: for handlers that send rows in bulk. */
  batches(size: number): BufferedAppender<UnitRow> {
    return new BufferedAppender(size, (rows) => this.unit(rows));
  }

  /** Writes what is buffered; answers how many units the phase has. */
  async close(): Promise<number> {
    await this.units.flush();
    await this.outcomes.flush();
    return this.units.count;
  }
}
