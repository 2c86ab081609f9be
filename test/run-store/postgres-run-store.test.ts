import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ensureRunStoreSchema,
  PostgresRunStore,
  redactedUrl,
} from '../../src/run-store/postgres-run-store.js';
import type { SqlDatabase } from '../../src/run-store/run-store.js';
import { describeRunStoreContract } from './run-store-contract.js';

/**
 * The PostgreSQL run store against PGlite: real PostgreSQL (compiled to WebAssembly) in process, so
 * the SQL is exercised without a server. docker-compose runs it against a PostgreSQL server.
 */
let shared: Promise<SqlDatabase> | undefined;
afterAll(async () => (await shared)?.close());

/** One database for the file (starting PGlite takes seconds); each test uses its own run name. */
function database(): Promise<SqlDatabase> {
  return (shared ??= createDatabase());
}

async function createDatabase(): Promise<SqlDatabase> {
  const db = await PGlite.create();
  const sql: SqlDatabase = {
    query: (text, params) => db.query(text, params) as never,
    transaction: (work) =>
      db.transaction((tx) => work({ query: (text, params) => tx.query(text, params) as never })),
    close: () => db.close(),
  };
  await ensureRunStoreSchema(sql);
  return sql;
}

let runs = 0;
describeRunStoreContract('PostgresRunStore', async () => {
  runs += 1;
  return new PostgresRunStore(await database(), `run-${runs}`, 'pglite');
});

describe('PostgresRunStore', () => {
  it('keeps runs apart in one database', async () => {
    const db = await database();
    const a = new PostgresRunStore(db, 'a', 'pglite');
    const b = new PostgresRunStore(db, 'b', 'pglite');
    await a.putDocument('x', { run: 'a' });
    await a.appendLog('log', [1]);
    expect(await b.getDocument('x')).toBeUndefined();
    expect((await b.readLog('log')).entries).toEqual([]);
  });

  it('treats LIKE wildcards in key prefixes literally', async () => {
    const store = new PostgresRunStore(await database(), 'r', 'pglite');
    await store.putDocument('units_1/a', 1);
    await store.putDocument('unitsX1/b', 2);
    expect(await store.listDocuments('units_1/')).toEqual(['units_1/a']);
  });

  it('never prints a database password', () => {
    expect(redactedUrl('postgres://ledgerlift:s3cret@db:5432/runs')).toBe(
      'postgres://ledgerlift:***@db:5432/runs',
    );
  });
});
