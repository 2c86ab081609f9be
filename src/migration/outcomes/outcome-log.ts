import type { RunStore } from '../../run-store/run-store.js';
import { IndexedLog } from './indexed-log.js';
import type { RowOutcome } from './row-outcome.js';

/** The latest outcome per (entity, key) of one namespace: the legacy-id to UUID map of a run. */
export class OutcomeLog extends IndexedLog<RowOutcome> {
  constructor(store: RunStore, log: string) {
    super(store, log, (outcome) => [outcome.entity, outcome.key]);
  }

  get(entity: string, key: string): RowOutcome | undefined {
    return this.lookup([entity, key]);
  }

  /** The workspace UUID of a row that succeeded. */
  idOf(entity: string, key: string): string | undefined {
    const outcome = this.get(entity, key);
    return outcome && (outcome.status === 'created' || outcome.status === 'matched')
      ? outcome.id
      : undefined;
  }

  /** The latest outcome of every row, or of one entity's rows, in key order. */
  values(entity?: string): Iterable<RowOutcome> {
    return this.latestValues(entity === undefined ? [] : [entity]);
  }
}
