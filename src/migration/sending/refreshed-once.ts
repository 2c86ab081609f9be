import type { RunStore } from '../../run-store/run-store.js';
import { IndexedLogCache } from '../outcomes/indexed-log.js';

/**
 * The process's log indexes, brought up to date once per log for one pass of a dry run's bulk
 * prediction instead of before every unit. Steps that run at the same time never depend on each
 * other's rows (src/migration/steps.ts, `stepDependencies`), so within a pass the only new entries
 * are the pass's own, which the index holds as soon as they are appended.
 */
export class RefreshedOnce extends IndexedLogCache {
  private readonly opened = new Map<string, unknown>();

  constructor(private readonly shared: IndexedLogCache) {
    super();
  }

  override async open<L extends { refresh(): Promise<unknown> }>(
    store: RunStore,
    log: string,
    create: () => L,
  ): Promise<L> {
    const known = this.opened.get(log) as L | undefined;
    if (known) return known;
    const indexed = await this.shared.open(store, log, create);
    this.opened.set(log, indexed);
    return indexed;
  }
}
