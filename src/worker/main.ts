import { temporalSettings } from '../config/temporal-settings.js';
import { workerSettings } from '../config/worker-settings.js';
import { runWorker } from './run-worker.js';

// `npm run worker`: the worker, configured from the environment.
runWorker(temporalSettings(), workerSettings()).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
