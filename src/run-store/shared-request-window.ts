import type { SqlDatabase } from './run-store.js';

/** The API's limit, as src/partner-api/request-window.ts takes it: `requests` in any `windowMs`. */
export interface SharedLimit {
  requests: number;
  windowMs: number;
}

const schema = `
create table if not exists ledgerlift_api_requests (
  id bigserial primary key,
  client text not null,
  sent_at timestamptz not null default clock_timestamp(),
  answered_at timestamptz
);
create index if not exists ledgerlift_api_requests_client on ledgerlift_api_requests (client, id)`;

/**
 * A request still unanswered after this long belongs to a process that died mid-call: it stops
 * counting (the client's own timeout is far shorter), so a crash cannot hold the window shut.
 */
export const ABANDONED_AFTER_MS = 120_000;

/** How long a full window waits, at most, before looking again (other processes answer too). */
const LOOK_AGAIN_MS = 250;

export async function ensureSharedWindowSchema(db: SqlDatabase): Promise<void> {
  for (const statement of schema.split(';').filter((s) => s.trim())) await db.query(statement);
}

/**
 * The request window of src/partner-api/request-window.ts, kept in PostgreSQL so that every worker
 * process of a client id counts the same requests. Each process's own window sees only its calls,
 * so with two processes a burst the server's queue releases after a pause (a restart, a worker
 * kill) could put more than the limit into the API's window (docs/reliability.md, the cluster
 * suite). A request counts from its send until `windowMs` after its answer, on the database's
 * clock, so the processes' clocks do not matter; a transaction-scoped advisory lock per client id
 * makes the count and the insert one step.
 */
export class SharedRequestWindow {
  private answering: Promise<void> = Promise.resolve();

  constructor(
    private readonly database: () => Promise<SqlDatabase>,
    private readonly client: string,
    private readonly limit: SharedLimit,
    private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>,
  ) {
    if (!(limit.requests >= 1) || !(limit.windowMs > 0)) {
      throw new Error('a request limit needs at least one request in a positive window');
    }
  }

  /** Waits until the request may go, then counts it; call the answer when it was answered. */
  async enter(signal?: AbortSignal): Promise<() => void> {
    for (;;) {
      signal?.throwIfAborted();
      const db = await this.database();
      const admitted = await db.transaction<{ id: string } | { wait: number }>(async (tx) => {
        await tx.query('select pg_advisory_xact_lock(hashtext($1))', [this.client]);
        await tx.query(
          `delete from ledgerlift_api_requests where client = $1 and (
             answered_at < clock_timestamp() - make_interval(secs => $2::float8 / 1000)
             or (answered_at is null and sent_at < clock_timestamp() - make_interval(secs => $3::float8 / 1000)))`,
          [this.client, this.limit.windowMs, ABANDONED_AFTER_MS],
        );
        const { rows } = await tx.query<{ counted: string | number; free_in_ms: number | null }>(
          `select count(*) as counted,
             extract(epoch from (min(answered_at) + make_interval(secs => $2::float8 / 1000)
               - clock_timestamp())) * 1000 as free_in_ms
           from ledgerlift_api_requests where client = $1`,
          [this.client, this.limit.windowMs],
        );
        const counted = Number(rows[0]?.counted ?? 0);
        if (counted >= this.limit.requests) {
          return {
            wait: Math.max(
              1,
              Math.min(LOOK_AGAIN_MS, Number(rows[0]?.free_in_ms ?? LOOK_AGAIN_MS)),
            ),
          };
        }
        const inserted = await tx.query<{ id: string | number }>(
          'insert into ledgerlift_api_requests (client) values ($1) returning id',
          [this.client],
        );
        return { id: String(inserted.rows[0]?.id) };
      });
      if ('id' in admitted) return this.answerOf(db, admitted.id);
      await this.sleep(admitted.wait, signal);
    }
  }

  /** Resolves once the last answer is written (tests, and a clean shutdown). */
  answersWritten(): Promise<void> {
    return this.answering;
  }

  private answerOf(db: SqlDatabase, id: string): () => void {
    let answered = false;
    return () => {
      if (answered) return;
      answered = true;
      // A lost update only makes the request count until ABANDONED_AFTER_MS: never too few.
      this.answering = db
        .query('update ledgerlift_api_requests set answered_at = clock_timestamp() where id = $1', [
          id,
        ])
        .then(
          () => undefined,
          () => undefined,
        );
    };
  }
}
