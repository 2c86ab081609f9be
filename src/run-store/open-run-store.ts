import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import {
  ensureSharedWindowSchema,
  SharedRequestWindow,
  type SharedLimit,
} from './shared-request-window.js';
import { FileRunStore } from './file-run-store.js';
import {
  ensureRunStoreSchema,
  postgresDatabase,
  PostgresRunStore,
  redactedUrl,
} from './postgres-run-store.js';
import type { RunStore, SqlDatabase } from './run-store.js';

export interface RunStores {
  /**
   * The store of one run: the same instance while the run is in use, so per-process caches keyed
   * on it (the outcome index, the batched appends) are built once. With `releaseIdleAfterMs`, a
   * run's store is let go once unused for that long, and those caches with it.
   */
  open(runName: string): Promise<RunStore>;
  /** The run's folder: reports are written there whichever store keeps the data. */
  runFolder(runName: string): string;
  close(): Promise<void>;
  /**
   * With PostgreSQL, the API's request window shared by every worker process of a client id
   * (src/run-store/shared-request-window.ts); absent for the embedded store, one process.
   */
  sharedWindow?: (client: string, limit: SharedLimit) => SharedRequestWindow;
}

/**
 * The embedded default keeps each run's data in files under `<runsDir>/<run>/store`; with a
 * PostgreSQL URL, every worker shares the same tables, so any of them can serve any unit of a run.
 */
export function openRunStores(options: {
  runsDir: string;
  postgresUrl?: string | undefined;
  /**
   * Lets a run's store go after this long without an `open` (the worker's runs: a paused run
   * keeps nothing the run store can give back; docs/benchmarks.md, "Memory while waiting").
   * Without it, stores are kept for the life of the process (the CLI's short commands).
   */
  releaseIdleAfterMs?: number;
}): RunStores {
  const stores = new Map<string, { store: RunStore; usedAt: number }>();
  const idleMs = options.releaseIdleAfterMs;
  let sweeper: NodeJS.Timeout | undefined;
  const releaseIdle = (afterMs: number, now: number) => {
    for (const [runName, entry] of stores) {
      // An activity still holding the store keeps using it; the next one opens a fresh one.
      if (now - entry.usedAt >= afterMs) stores.delete(runName);
    }
    if (stores.size === 0 && sweeper) {
      clearInterval(sweeper);
      sweeper = undefined;
    }
  };
  let database: Promise<SqlDatabase> | undefined;
  const runFolder = (runName: string) => path.join(options.runsDir, runName);

  const sharedDatabase = (url: string) =>
    (database ??= (async () => {
      const db = postgresDatabase(url);
      await ensureRunStoreSchema(db);
      await ensureSharedWindowSchema(db);
      return db;
    })());

  const { postgresUrl } = options;
  return {
    runFolder,
    ...(postgresUrl
      ? {
          sharedWindow: (client: string, limit: SharedLimit) =>
            new SharedRequestWindow(
              () => sharedDatabase(postgresUrl),
              client,
              limit,
              (ms, signal) => delay(ms, undefined, { signal }),
            ),
        }
      : {}),
    async open(runName) {
      const existing = stores.get(runName);
      if (existing) {
        existing.usedAt = Date.now();
        return existing.store;
      }
      const store = options.postgresUrl
        ? new PostgresRunStore(
            await sharedDatabase(options.postgresUrl),
            runName,
            // Every run shares the database: the location names the run too, since per-process
            // caches key on it (src/migration/planning/unit-pages.ts).
            `${redactedUrl(options.postgresUrl)} (run ${runName})`,
          )
        : new FileRunStore(path.join(runFolder(runName), 'store'));
      stores.set(runName, { store, usedAt: Date.now() });
      if (idleMs !== undefined && !sweeper) {
        sweeper = setInterval(() => releaseIdle(idleMs, Date.now()), Math.min(idleMs, 60_000));
        sweeper.unref();
      }
      return store;
    },
    async close() {
      clearInterval(sweeper);
      sweeper = undefined;
      stores.clear();
      await (await database)?.close();
    },
  };
}
