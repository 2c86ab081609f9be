import type { RunStore } from '../../run-store/run-store.js';

/** Appends to a run store log in batches, so staging a million rows is not a million writes. */
export class BufferedLog<T> {
  private buffer: T[] = [];
  constructor(
    private readonly store: RunStore,
    private readonly log: string,
  ) {}
  async add(entry: T): Promise<void> {
    this.buffer.push(entry);
    if (this.buffer.length >= 500) await this.flush();
  }
  async flush(): Promise<void> {
    if (this.buffer.length === 0) return;
    const entries = this.buffer;
    this.buffer = [];
    await this.store.appendLog(this.log, entries);
  }
}
