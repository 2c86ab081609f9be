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
import type { RunStore } from './run-store.js';
import type { SqlDatabase } from './sql-database.js';

export interface RunStores {
  /** The store of one run (the same instance for the life of the process). */
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
}): RunStores {
  const stores = new Map<string, RunStore>();
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
      if (existing) return existing;
      const store = options.postgresUrl
        ? new PostgresRunStore(
            await sharedDatabase(options.postgresUrl),
            runName,
            // Every run shares the database: the location names the run too, since per-process
            // caches key on it (src/migration/planning/unit-pages.ts).
            `${redactedUrl(options.postgresUrl)} (run ${runName})`,
          )
        : new FileRunStore(path.join(runFolder(runName), 'store'));
      stores.set(runName, store);
      return store;
    },
    async close() {
      await (await database)?.close();
    },
  };
}
