import { temporalSettings } from '../config/temporal-settings.js';
import { apiActivitiesPerSecond, workerSettings } from '../config/worker-settings.js';
import { createWorkers } from './create-worker.js';
import { createMigrationDeps } from './migration-deps.js';

/** Worker entry point: `npm run worker`. Stops cleanly on SIGINT or SIGTERM. */
async function main() {
  const settings = temporalSettings();
  const worker = workerSettings();
  const deps = createMigrationDeps(worker);
  const workers = await createWorkers({ settings, worker, deps });
  const pace = apiActivitiesPerSecond(worker);
  console.log(
    `Ledgerlift worker polling task queue "${settings.taskQueue}" and "${settings.apiTaskQueue}" ` +
      `(${pace === undefined ? 'no rate limit' : `${Math.round(pace * 600) / 10} API calls per minute`}) ` +
      `on ${settings.address} (namespace ${settings.namespace}); runs in ${worker.runsDir}`,
  );
  try {
    await workers.run();
  } finally {
    await deps.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
