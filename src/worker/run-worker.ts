import type { TemporalSettings } from '../config/temporal-settings.js';
import { apiActivitiesPerSecond, type WorkerSettings } from '../config/worker-settings.js';
import { createWorkers } from './create-worker.js';
import { createMigrationDeps } from './migration-deps.js';

/** Runs the workers until SIGINT or SIGTERM drains them (`npm run worker`, `ledgerlift worker`). */
export async function runWorker(settings: TemporalSettings, worker: WorkerSettings): Promise<void> {
  const deps = createMigrationDeps(worker);
  try {
    const workers = await createWorkers({ settings, worker, deps, versioned: true });
    const pace = apiActivitiesPerSecond(worker);
    console.log(
      `Ledgerlift worker polling task queue "${settings.taskQueue}" and "${settings.apiTaskQueue}" ` +
        `(${pace === undefined ? 'no rate limit' : `${Math.round(pace * 600) / 10} API calls per minute`}) ` +
        `on ${settings.address} (namespace ${settings.namespace}); runs in ${worker.runsDir}`,
    );
    await workers.run();
  } finally {
    await deps.close();
  }
}
