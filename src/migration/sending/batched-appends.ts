import type { RunStore } from '../../run-store/run-store.js';

/**
 * A run store whose log appends wait in memory until `flush`, which writes each log's entries with
 * one append (one sync). A dry run's bulk prediction appends a unit's outcomes at a time; a sync per
 * unit was most of its cost. The outcome index sees an entry as soon as it is appended (it indexes
 * its own appends), so predictions within a batch read each other as before; the caller flushes
 * before it reports progress, so nothing it reports done is lost in a crash. Everything else goes
 * straight to the store.
 */
export class BatchedAppends implements RunStore {
  private pending = new Map<string, unknown[]>();

  constructor(private readonly store: RunStore) {}

  get location(): string {
    return this.store.location;
  }

  /** Queues the entries; where they will land is not known yet. */
  appendLog(log: string, entries: readonly unknown[]): Promise<undefined> {
    if (entries.length === 0) return Promise.resolve(undefined);
    const queued = this.pending.get(log);
    if (queued) queued.push(...entries);
    else this.pending.set(log, [...entries]);
    return Promise.resolve(undefined);
  }

  /** Entries queued and not yet written. */
  get queued(): number {
    let entries = 0;
    for (const queued of this.pending.values()) entries += queued.length;
    return entries;
  }

  private flushing: Promise<void> = Promise.resolve();

  /**
   * Writes every queued entry, log by log, in the order appended. Flushes run one after another,
   * so a flush returns only once every entry queued before it is written, whoever queued it.
   */
  flush(): Promise<void> {
    const batches = this.pending;
    this.pending = new Map();
    const written = this.flushing.then(async () => {
      for (const [log, entries] of batches) await this.store.appendLog(log, entries);
    });
    this.flushing = written.catch(() => undefined);
    return written;
  }

  putDocument(key: string, value: unknown): Promise<void> {
    return this.store.putDocument(key, value);
  }

  putDocuments(entries: ReadonlyArray<readonly [key: string, value: unknown]>): Promise<void> {
    return this.store.putDocuments(entries);
  }

  getDocument<T>(key: string): Promise<T | undefined> {
    return this.store.getDocument<T>(key);
  }

  listDocuments(prefix: string): Promise<string[]> {
    return this.store.listDocuments(prefix);
  }

  /** The store's log as written: queued entries are already in the reader's index (see above). */
  readLog(log: string, fromOffset?: number): Promise<{ entries: unknown[]; nextOffset: number }> {
    return this.store.readLog(log, fromOffset);
  }

  close(): Promise<void> {
    return this.store.close();
  }
}

/**
 * One batching view per store for the life of the process, so the outcome index built over it is
 * built once (an index belongs to the store object it reads: src/migration/outcomes/indexed-log.ts).
 */
const views = new WeakMap<RunStore, BatchedAppends>();

export function batchedAppendsOf(store: RunStore): BatchedAppends {
  let view = views.get(store);
  if (!view) {
    view = new BatchedAppends(store);
    views.set(store, view);
  }
  return view;
}
