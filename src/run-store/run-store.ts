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
  /** Where the run lives, for messages (a folder path, or a database URL without credentials). */
  readonly location: string;

  /** Writes `value` under `key`, replacing any previous value atomically. */
  putDocument(key: string, value: unknown): Promise<void>;

  /** Writes several documents; each is atomic, the set is not (callers write idempotently). */
  putDocuments(entries: ReadonlyArray<readonly [key: string, value: unknown]>): Promise<void>;

  getDocument<T>(key: string): Promise<T | undefined>;

  /** Keys under `prefix` (a key prefix ending in "/"), sorted. */
  listDocuments(prefix: string): Promise<string[]>;

  /** Appends entries to `log`, durably, in order. */
  appendLog(log: string, entries: readonly unknown[]): Promise<void>;

  /**
   * Reads entries appended at or after `fromOffset` (0 = the start). The returned `nextOffset` is
   * opaque: pass it back to read only what was appended since.
   */
  readLog(log: string, fromOffset?: number): Promise<{ entries: unknown[]; nextOffset: number }>;

  close(): Promise<void>;
}

/** Keys and log names are slash-separated segments of letters, digits, "-", "_" and ".". */
export function assertValidKey(key: string): void {
  if (!/^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*\/?$/.test(key) || key.split('/').includes('..')) {
    throw new Error(`invalid run store key: ${JSON.stringify(key)}`);
  }
}
