/**
 * Gathers items and hands them to `write` a batch at a time, in the order added: staging a million
 * rows, or planning a phase of a hundred thousand units, is then a few thousand writes, and memory
 * holds one batch. `flush` writes what is gathered (call it once the last item is added). The one
 * buffered writer of the run store's appends: staged chunks and logs
 * (src/migration/staging/chunk-writer.ts) and a phase's plan (src/migration/planning/plan-sink.ts).
 */
export class BufferedAppender<T> {
  private buffer: T[] = [];
  private added = 0;

  constructor(
    private readonly batchSize: number,
    private readonly write: (batch: T[]) => Promise<unknown>,
  ) {}

  async add(item: T): Promise<void> {
    this.buffer.push(item);
    this.added += 1;
    if (this.buffer.length >= this.batchSize) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.buffer.length === 0) return;
    const batch = this.buffer;
    this.buffer = [];
    await this.write(batch);
  }

  /** Items added so far, written or not. */
  get count(): number {
    return this.added;
  }
}
