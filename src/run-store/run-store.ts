/**
 * Everything a run keeps outside Temporal history: staged rows, the legacy-id to UUID map, unit
 * attempts and outcomes, workspace snapshots and reports. Two primitives cover all of it:
 *
 * - documents: JSON values under a key, replaced atomically (a staged unit, an outcome);
 * - logs: append-only sequences of JSON entries, read incrementally from an offset (the id map).
 *
 * The embedded default keeps them in files under the run folder; a PostgreSQL store implements the
 * same interface so workers on several machines can serve one run.
 */
export interface RunStore {
  /**
   * Where the run lives, for messages (a folder path, or a database URL without credentials and the
   * run's name). Two runs never share one: per-process caches of what a run stored key on it.
   */
  readonly location: string;

  /** Writes `value` under `key`, replacing any previous value atomically. */
  putDocument(key: string, value: unknown): Promise<void>;

  /** Writes several documents; each is atomic, the set is not (callers write idempotently). */
  putDocuments(entries: ReadonlyArray<readonly [key: string, value: unknown]>): Promise<void>;

  getDocument<T>(key: string): Promise<T | undefined>;

  /** Keys under `prefix` (a key prefix ending in "/"), sorted. */
  listDocuments(prefix: string): Promise<string[]>;

  /**
   * Appends entries to `log`, durably, in order. Answers where they landed when the store can tell
   * that no other append sits among them, so a reader that had read up to `from` may skip to `to`.
   */
  appendLog(log: string, entries: readonly unknown[]): Promise<AppendedSpan | undefined>;

  /**
   * Reads entries appended at or after `fromOffset` (0 = the start), at most a page of them, so a
   * long log is never held in memory whole. The returned `nextOffset` is opaque: pass it back to
   * read the next page, or what was appended since; an empty page means the end for now.
   */
  readLog(log: string, fromOffset?: number): Promise<{ entries: unknown[]; nextOffset: number }>;

  close(): Promise<void>;
}

/**
 * An append's place in its log, as `readLog` offsets: reading from `from` gives exactly its entries,
 * then `to` as the next offset.
 */
export interface AppendedSpan {
  from: number;
  to: number;
}

/** Every entry of a log, page by page: for logs known to be small (problems, skips). */
export async function readWholeLog(store: RunStore, log: string): Promise<unknown[]> {
  const all: unknown[] = [];
  for (let offset = 0; ;) {
    const page = await store.readLog(log, offset);
    if (page.entries.length === 0) return all;
    all.push(...page.entries);
    offset = page.nextOffset;
  }
}

/** Every entry of a log, one page in memory at a time: for logs that may be long (problems). */
export async function* logEntries(store: RunStore, log: string): AsyncGenerator<unknown> {
  for (let offset = 0; ;) {
    const page = await store.readLog(log, offset);
    if (page.entries.length === 0) return;
    yield* page.entries;
    offset = page.nextOffset;
  }
}

/** Keys and log names are slash-separated segments of letters, digits, "-", "_" and ".". */
export function assertValidKey(key: string): void {
  if (!/^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*\/?$/.test(key) || key.split('/').includes('..')) {
    throw new Error(`invalid run store key: ${JSON.stringify(key)}`);
  }
}

/** The little a SQL run store needs from a PostgreSQL driver (node-postgres, or PGlite in tests). */
export interface SqlQuery {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: Row[] }>;
}

export interface SqlDatabase extends SqlQuery {
  /** Runs `work` in one transaction: committed if it resolves, rolled back if it throws. */
  transaction<T>(work: (tx: SqlQuery) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
