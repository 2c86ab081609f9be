import type { RunStore } from '../../run-store/run-store.js';

/** Rows per stored chunk: large enough to keep file counts low, small enough to read quickly. */
export const STAGE_CHUNK_ROWS = 1000;

/** Buffers rows and writes them to the run store as numbered chunk documents under `prefix`. */
export class ChunkWriter<T> {
  private buffer: T[] = [];
  private chunks = 0;
  private rows = 0;

  constructor(
    private readonly store: RunStore,
    private readonly prefix: string,
    private readonly chunkRows = STAGE_CHUNK_ROWS,
  ) {}

  async add(row: T): Promise<void> {
    this.buffer.push(row);
    this.rows += 1;
    if (this.buffer.length >= this.chunkRows) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.buffer.length === 0) return;
    const key = `${this.prefix}/${String(this.chunks).padStart(6, '0')}`;
    await this.store.putDocument(key, this.buffer);
    this.chunks += 1;
    this.buffer = [];
  }

  get count(): number {
    return this.rows;
  }
}

/** Reads every chunk written under `prefix`, in order, one chunk in memory at a time. */
export async function* readChunks<T>(store: RunStore, prefix: string): AsyncGenerator<T> {
  for (const key of await store.listDocuments(`${prefix}/`)) {
    const rows = (await store.getDocument<T[]>(key)) ?? [];
    yield* rows;
  }
}
