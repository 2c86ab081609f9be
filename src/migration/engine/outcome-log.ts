import type { RunStore } from '../../run-store/run-store.js';
import type { RowOutcome } from './row-outcome.js';

/**
 * The latest outcome per (entity, key) of one namespace, kept in memory and brought up to date by
 * reading only what was appended since the last look. Several workers append to the same log; each
 * refreshes before deciding anything, so decisions always see every committed outcome.
 */
export class OutcomeLog {
  private offset = 0;
  private readonly latest = new Map<string, RowOutcome>();

  constructor(
    private readonly store: RunStore,
    readonly log: string,
  ) {}

  async refresh(): Promise<this> {
    for (;;) {
      const { entries, nextOffset } = await this.store.readLog(this.log, this.offset);
      for (const entry of entries as RowOutcome[])
        this.latest.set(idOf(entry.entity, entry.key), entry);
      const grew = nextOffset !== this.offset;
      this.offset = nextOffset;
      if (!grew || entries.length === 0) return this;
    }
  }

  async append(outcomes: RowOutcome[]): Promise<void> {
    if (outcomes.length === 0) return;
    await this.store.appendLog(this.log, outcomes);
    // Our own entries are visible at once; the next refresh re-reads them harmlessly.
    for (const outcome of outcomes) this.latest.set(idOf(outcome.entity, outcome.key), outcome);
  }

  get(entity: string, key: string): RowOutcome | undefined {
    return this.latest.get(idOf(entity, key));
  }

  /** The workspace UUID of a row that succeeded. */
  idOf(entity: string, key: string): string | undefined {
    const outcome = this.get(entity, key);
    return outcome && (outcome.status === 'created' || outcome.status === 'matched')
      ? outcome.id
      : undefined;
  }

  values(): IterableIterator<RowOutcome> {
    return this.latest.values();
  }
}

function idOf(entity: string, key: string): string {
  return `${entity}\u0000${key}`;
}

/** One OutcomeLog per (store, log) per process, so refreshes stay incremental across activities. */
export class OutcomeLogCache {
  private readonly logs = new WeakMap<RunStore, Map<string, OutcomeLog>>();

  async open(store: RunStore, log: string): Promise<OutcomeLog> {
    let byLog = this.logs.get(store);
    if (!byLog) {
      byLog = new Map();
      this.logs.set(store, byLog);
    }
    let outcomeLog = byLog.get(log);
    if (!outcomeLog) {
      outcomeLog = new OutcomeLog(store, log);
      byLog.set(log, outcomeLog);
    }
    return outcomeLog.refresh();
  }
}
