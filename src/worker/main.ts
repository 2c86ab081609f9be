import { temporalSettings } from '../config/temporal-settings.js';
import { createWorker } from './create-worker.js';

/** Worker entry point: `npm run worker`. Stops cleanly on SIGINT or SIGTERM. */
async function main() {
  const settings = temporalSettings();
  const worker = await createWorker({ settings });
  console.log(
    `Ledgerlift worker polling task queue "${settings.taskQueue}" on ${settings.address} (namespace ${settings.namespace})`,
  );
  await worker.run();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
