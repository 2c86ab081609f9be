import { BufferedAppender } from '../../collections/buffered-appender.js';
import type { RunStore } from '../../run-store/run-store.js';

/** Rows per stored chunk: large enough to keep file counts low, small enough to read quickly. */
const STAGE_CHUNK_ROWS = 1000;
/** Entries per log append while staging: a million rows is not a million writes. */
const STAGE_LOG_BATCH = 500;

/** Writes rows to the run store as numbered chunk documents under `prefix`. */
export function chunkWriter<T>(
  store: RunStore,
  prefix: string,
  chunkRows = STAGE_CHUNK_ROWS,
): BufferedAppender<T> {
  let chunks = 0;
  return new BufferedAppender<T>(chunkRows, async (rows) => {
    const key = `${prefix}/${String(chunks).padStart(6, '0')}`;
    await store.putDocument(key, rows);
    chunks += 1;
  });
}

/** Counts rows and writes none: a step whose rows nobody will read (`StageSettings.rowsKept`). */
export function countingWriter<T>(): BufferedAppender<T> {
  return new BufferedAppender<T>(STAGE_CHUNK_ROWS, () => Promise.resolve());
}

/** Appends entries to a run store log in batches. */
export function logWriter<T>(store: RunStore, log: string): BufferedAppender<T> {
  return new BufferedAppender<T>(STAGE_LOG_BATCH, (entries) => store.appendLog(log, entries));
}

/** Reads every chunk written under `prefix`, in order, one chunk in memory at a time. */
export async function* readChunks<T>(store: RunStore, prefix: string): AsyncGenerator<T> {
  for (const key of await store.listDocuments(`${prefix}/`)) {
    const rows = (await store.getDocument<T[]>(key)) ?? [];
    yield* rows;
  }
}
