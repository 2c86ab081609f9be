import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/dev/free-port.js';
import {
  startPrivatePostgres,
  type PrivatePostgres,
} from '../../src/dev/cluster/private-postgres.js';
import {
  ensureRunStoreSchema,
  postgresDatabase,
  PostgresRunStore,
} from '../../src/run-store/postgres-run-store.js';
import type { SqlDatabase } from '../../src/run-store/run-store.js';
import { openRunStores } from '../../src/run-store/open-run-store.js';
import { readUnit, unitPage } from '../../src/migration/planning/unit-pages.js';
import { scopeKeys } from '../../src/migration/outcomes/run-keys.js';
import type { RunScope } from '../../src/migration/contracts/workflow-types.js';
import { describeRunStoreContract } from '../run-store/run-store-contract.js';
import { scratchFolderForPostgres } from './private-postgres-dir.js';

/**
 * The PostgreSQL run store against a real PostgreSQL server, the one `npm run cluster` runs
 * (test/run-store/postgres-run-store.test.ts runs the same contract on PGlite, in process, fast).
 */
let dir: string;
let postgres: PrivatePostgres;
let db: SqlDatabase;

let port: number;

beforeAll(async () => {
  dir = await scratchFolderForPostgres('ledgerlift-pg-');
  port = await freePort();
  postgres = await startPrivatePostgres({ folder: path.join(dir, 'postgres'), port });
  await postgres.ensureDatabase('ledgerlift');
  db = postgresDatabase(postgres.url('ledgerlift'));
  await ensureRunStoreSchema(db);
});

afterAll(async () => {
  await db?.close();
  await postgres?.stop();
  await rm(dir, { recursive: true, force: true });
});

let runs = 0;
describeRunStoreContract('PostgresRunStore on a PostgreSQL server', () => {
  runs += 1;
  return Promise.resolve(new PostgresRunStore(db, `run-${runs}`, 'postgresql'));
});

describe('PostgresRunStore on a PostgreSQL server', () => {
  it('serves again after the server restarts, with everything committed before it', async () => {
    const store = new PostgresRunStore(db, 'restart', 'postgresql');
    await store.putDocument('x', { before: true });
    await store.appendLog('log', [1, 2]);
    await postgres.restart();
    // The pool's connections died with the server: the first query may fail, a retry must not.
    let value: unknown;
    for (let attempt = 0; attempt < 3 && value === undefined; attempt += 1) {
      value = await store.getDocument('x').catch(() => undefined);
    }
    expect(value).toEqual({ before: true });
    await store.appendLog('log', [3]);
    expect((await store.readLog('log')).entries).toEqual([1, 2, 3]);
  });

  it('holds a query made while the server is down until it is back, instead of failing it', async () => {
    const store = new PostgresRunStore(db, 'down', 'postgresql');
    await store.putDocument('x', { before: true });
    await postgres.stop();
    // Asked while nothing listens: the connection is refused until the server is started again.
    const read = store.getDocument('x');
    const written = store.putDocument('y', { during: true });
    postgres = await startPrivatePostgres({ folder: path.join(dir, 'postgres'), port });
    expect(await read).toEqual({ before: true });
    await written;
    expect(await store.getDocument('y')).toEqual({ during: true });
  });

  it('answers an error, and serves on, when the server ends a connection mid-transaction', async () => {
    const other = postgresDatabase(postgres.url('ledgerlift'));
    try {
      const cut = db.transaction(async (tx) => {
        const { rows } = await tx.query<{ pid: number }>('select pg_backend_pid() as pid');
        await other.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
        await tx.query('select 1');
      });
      await expect(cut).rejects.toThrow();
      const store = new PostgresRunStore(db, 'after-cut', 'postgresql');
      await store.putDocument('x', 1);
      expect(await store.getDocument('x')).toBe(1);
    } finally {
      await other.close();
    }
  });

  it('numbers concurrent appends from several connections without a gap', async () => {
    const store = new PostgresRunStore(db, 'concurrent', 'postgresql');
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => store.appendLog('log', [i * 2, i * 2 + 1])),
    );
    const { entries } = await store.readLog('log');
    expect([...(entries as number[])].sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i),
    );
  });

  it("keeps each run's planned units apart when several runs share the database", async () => {
    const stores = openRunStores({ runsDir: dir, postgresUrl: postgres.url('ledgerlift') });
    try {
      const scopeOf = (runName: string): RunScope => ({
        runName,
        mode: 'live',
        stageId: 's',
        profile: 'p',
      });
      const row = (key: string) => [{ entity: 'payment', key, data: {} }];
      const unit = { planId: 'main', step: 'payments', phase: 'create' } as const;
      const small = await stores.open('small-run');
      const large = await stores.open('large-run');
      await small.putDocument(
        scopeKeys(scopeOf('small-run')).unitPage('main', 'payments', 'create', 0),
        unitPage(0, [row('S0')]),
      );
      await large.putDocument(
        scopeKeys(scopeOf('large-run')).unitPage('main', 'payments', 'create', 0),
        unitPage(0, [row('L0'), row('L1'), row('L2')]),
      );

      // One worker serves both runs: reading the small run's page first must not answer for the
      // large run's (the large run's units were "never planned" in the cluster suite).
      expect(await readUnit(small, scopeOf('small-run'), { ...unit, index: 0 })).toEqual({
        rows: row('S0'),
      });
      expect(await readUnit(large, scopeOf('large-run'), { ...unit, index: 2 })).toEqual({
        rows: row('L2'),
      });
    } finally {
      await stores.close();
    }
  });
});
