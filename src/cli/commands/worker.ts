import { workerSettings } from '../../config/worker-settings.js';
import { runWorker } from '../../worker/run-worker.js';
import { exitCodes } from '../exit-codes.js';
import { settingsFrom, type TemporalOptions } from '../temporal-connection.js';

/** `ledgerlift worker`: runs the workers until Ctrl-C. */
export async function worker(options: TemporalOptions): Promise<number> {
  await runWorker(settingsFrom(options), workerSettings());
  return exitCodes.ok;
}
