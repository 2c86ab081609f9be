import { OffHeapMap, type OffHeapKey } from '../../offheap/off-heap-map.js';
import type { RunStore } from '../../run-store/run-store.js';
import type { RowOutcome } from './row-outcome.js';
import type { DocumentFacts, DocumentFactsEntry } from '../contracts/stage-manifest.js';

/**
 * The latest entry per key of one run store log, indexed off the heap (OffHeapMap) and brought up
 * to date by reading only what was appended since the last look. Several workers append to the
 * same log; each refreshes before deciding anything, so decisions always see every committed entry.
 */
class IndexedLog<T> {
  private offset = 0;
  private readonly latest = OffHeapMap.create<T>();

  constructor(
    private readonly store: RunStore,
    readonly log: string,
    private readonly keyOf: (entry: T) => OffHeapKey,
  ) {}

  /**
   * How far the log has been read: after a `refresh`, the same position means the same entries
   * (a log only grows), so a result computed from them still holds.
   */
  get readTo(): number {
    return this.offset;
  }

  async refresh(): Promise<this> {
    for (;;) {
      const { entries, nextOffset } = await this.store.readLog(this.log, this.offset);
      this.index(entries as T[]);
      const grew = nextOffset !== this.offset;
      this.offset = nextOffset;
      if (!grew || entries.length === 0) return this;
    }
  }

  async append(entries: T[]): Promise<void> {
    if (entries.length === 0) return;
    const landed = await this.store.appendLog(this.log, entries);
    // Our own entries are visible at once. When they directly follow what was read, the next
    // refresh starts after them: a plan that settles fifty thousand rows appends them here, and
    // reading them all back as the phase's first unit began was the worker's largest burst of
    // garbage (docs/benchmarks.md, "The large live run's 400 MiB"). Otherwise the next refresh
    // reads them again, harmlessly.
    this.index(entries);
    if (landed?.from === this.offset) this.offset = landed.to;
  }

  protected lookup(key: OffHeapKey): T | undefined {
    return this.latest.get(key);
  }

  protected latestValues(prefix?: OffHeapKey): Iterable<T> {
    return this.latest.values(prefix);
  }

  private index(entries: readonly T[]): void {
    if (entries.length > 0) this.latest.setMany(entries.map((entry) => [this.keyOf(entry), entry]));
  }
}

interface Refreshable {
  refresh(): Promise<unknown>;
}

/** One index per (store, log) per process, so refreshes stay incremental across activities. */
export class IndexedLogCache {
  private readonly logs = new WeakMap<RunStore, Map<string, Refreshable>>();

  async open<L extends Refreshable>(store: RunStore, log: string, create: () => L): Promise<L> {
    let byLog = this.logs.get(store);
    if (!byLog) {
      byLog = new Map();
      this.logs.set(store, byLog);
    }
    let indexed = byLog.get(log) as L | undefined;
    if (!indexed) {
      indexed = create();
      byLog.set(log, indexed);
    }
    await indexed.refresh();
    return indexed;
  }
}

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

/** The facts staging decided for each document, looked up by entity and key while planning. */
export interface DocumentFactsView {
  get(entity: 'invoice' | 'bill', key: string): DocumentFacts | undefined;
}

/** The stage's document-facts log (stageKeys().documentFacts), indexed off the heap. */
export class DocumentFactsLog extends IndexedLog<DocumentFactsEntry> implements DocumentFactsView {
  constructor(store: RunStore, log: string) {
    super(store, log, (entry) => [entry.entity, entry.key]);
  }

  get(entity: 'invoice' | 'bill', key: string): DocumentFacts | undefined {
    return this.lookup([entity, key]);
  }

  /** The latest facts of every document. */
  values(): Iterable<DocumentFactsEntry> {
    return this.latestValues();
  }
}
