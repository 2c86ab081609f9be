import pg from 'pg';
import {
  assertValidKey,
  type AppendedSpan,
  type RunStore,
  type SqlDatabase,
  type SqlQuery,
} from './run-store.js';
import { connectWithRetry } from './connect-with-retry.js';

/** Log entries read at once: a page, so a long log is never held in memory whole. */
const LOG_PAGE_ROWS = 10_000;

const schema = `
create table if not exists ledgerlift_documents (
  run text not null,
  key text not null,
  value text not null,
  primary key (run, key)
);
create table if not exists ledgerlift_logs (
  run text not null,
  log text not null,
  seq bigint not null,
  entry text not null,
  primary key (run, log, seq)
);`;

/** Creates the run store's tables if they do not exist (safe to run from every worker). */
export async function ensureRunStoreSchema(db: SqlQuery): Promise<void> {
  for (const statement of schema.split(';').filter((s) => s.trim())) await db.query(statement);
}

/**
 * A run store in PostgreSQL, so workers on several machines can serve one run. Values are stored
 * as JSON text, exactly as written. Appends to a log take a transaction-scoped advisory lock on it
 * and number entries 1, 2, 3...: entries commit in sequence order, so a reader that has seen entry
 * n can never later miss an entry numbered below n.
 */
export class PostgresRunStore implements RunStore {
  constructor(
    private readonly db: SqlDatabase,
    private readonly run: string,
    readonly location: string,
  ) {}

  async putDocument(key: string, value: unknown): Promise<void> {
    await this.putDocuments([[key, value]]);
  }

  async putDocuments(entries: ReadonlyArray<readonly [string, unknown]>): Promise<void> {
    if (entries.length === 0) return;
    for (const [key] of entries) assertValidKey(key);
    await this.db.transaction(async (tx) => {
      for (const [key, value] of entries) {
        await tx.query(
          `insert into ledgerlift_documents (run, key, value) values ($1, $2, $3)
           on conflict (run, key) do update set value = excluded.value`,
          [this.run, key, JSON.stringify(value)],
        );
      }
    });
  }

  async getDocument<T>(key: string): Promise<T | undefined> {
    assertValidKey(key);
    const { rows } = await this.db.query<{ value: string }>(
      'select value from ledgerlift_documents where run = $1 and key = $2',
      [this.run, key],
    );
    return rows[0] ? (JSON.parse(rows[0].value) as T) : undefined;
  }

  async listDocuments(prefix: string): Promise<string[]> {
    assertValidKey(prefix);
    const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const { rows } = await this.db.query<{ key: string }>(
      `select key from ledgerlift_documents where run = $1 and key like $2 escape '\\' order by key collate "C"`,
      [this.run, pattern],
    );
    return rows.map((row) => row.key);
  }

  async appendLog(log: string, entries: readonly unknown[]): Promise<AppendedSpan | undefined> {
    assertValidKey(log);
    if (entries.length === 0) return undefined;
    return this.db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`${this.run}/${log}`]);
      const { rows } = await tx.query<{ last: string | null }>(
        'select max(seq)::text as last from ledgerlift_logs where run = $1 and log = $2',
        [this.run, log],
      );
      // The lock keeps every other append out of this one's numbers.
      const from = BigInt(rows[0]?.last ?? '0');
      let seq = from;
      for (const entry of entries) {
        seq += 1n;
        await tx.query(
          'insert into ledgerlift_logs (run, log, seq, entry) values ($1, $2, $3, $4)',
          [this.run, log, seq.toString(), JSON.stringify(entry)],
        );
      }
      return { from: Number(from), to: Number(seq) };
    });
  }

  async readLog(log: string, fromOffset = 0): Promise<{ entries: unknown[]; nextOffset: number }> {
    assertValidKey(log);
    // Aliased apart from `seq`: ORDER BY would otherwise sort the text ("10" before "9").
    const { rows } = await this.db.query<{ position: string; entry: string }>(
      'select seq::text as position, entry from ledgerlift_logs where run = $1 and log = $2 and seq > $3 order by seq limit $4',
      [this.run, log, fromOffset, LOG_PAGE_ROWS],
    );
    const last = rows.at(-1);
    return {
      entries: rows.map((row) => JSON.parse(row.entry) as unknown),
      nextOffset: last ? Number(last.position) : fromOffset,
    };
  }

  async close(): Promise<void> {
    // The database is shared by every run of the worker; whoever opened it closes it.
  }
}

/** A node-postgres pool as a SqlDatabase. */
export function postgresDatabase(connectionString: string): SqlDatabase {
  const pool = new pg.Pool({ connectionString, max: 8 });
  // The server closing an idle connection (a restart, a failover) is an 'error' event on the pool:
  // unheard, it would end the worker, printing the connection's settings. The pool drops that
  // connection and opens another for the next query, so there is nothing more to do here.
  pool.on('error', () => {});
  return {
    // pool.query's own steps, with the connection opened through connectWithRetry: a query made
    // while the server restarts waits for it instead of failing.
    async query(text, params) {
      const client = await connectWithRetry(() => pool.connect());
      let failed = false;
      const onError = () => {
        failed = true;
      };
      client.on('error', onError);
      try {
        return (await client.query(text, params)) as never;
      } catch (error) {
        failed = true;
        throw error;
      } finally {
        client.off('error', onError);
        client.release(failed);
      }
    },
    async transaction(work) {
      const client = await connectWithRetry(() => pool.connect());
      let broken = false;
      // A connection cut while checked out is an 'error' event on the client as well as a failed
      // query: the query's error reaches the caller, the event must not end the worker.
      const onError = () => {
        broken = true;
      };
      client.on('error', onError);
      try {
        await client.query('begin');
        const result = await work({
          query: (text, params) => client.query(text, params) as never,
        });
        await client.query('commit');
        return result;
      } catch (error) {
        // A connection the server cut cannot roll back (the server already has): the transaction's
        // own error is what the caller needs, and the connection is destroyed, not pooled again.
        await client.query('rollback').catch(() => {
          broken = true;
        });
        throw error;
      } finally {
        client.off('error', onError);
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}

/** A database URL safe to print: the password is replaced. */
export function redactedUrl(connectionString: string): string {
  const url = new URL(connectionString);
  if (url.password) url.password = '***';
  return url.toString();
}
