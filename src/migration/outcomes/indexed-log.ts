import { OffHeapMap, type OffHeapKey } from '../../offheap/off-heap-map.js';
import type { RunStore } from '../../run-store/run-store.js';

/**
 * The latest entry per key of one run store log, indexed off the heap (OffHeapMap) and brought up
 * to date by reading only what was appended since the last look. Several workers append to the
 * same log; each refreshes before deciding anything, so decisions always see every committed entry.
 */
export class IndexedLog<T> {
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
