import { Client, Connection } from '@temporalio/client';
import { temporalSettings, type TemporalSettings } from '../config/temporal-settings.js';
import { CliError, exitCodes } from './exit-codes.js';

export interface TemporalOptions {
  address?: string;
  namespace?: string;
  taskQueue?: string;
}

/** Settings from the command line, falling back to the environment (TEMPORAL_ADDRESS...). */
export function settingsFrom(options: TemporalOptions): TemporalSettings {
  const base = temporalSettings();
  const taskQueue = options.taskQueue ?? base.taskQueue;
  return {
    address: options.address ?? base.address,
    namespace: options.namespace ?? base.namespace,
    taskQueue,
    apiTaskQueue: `${taskQueue}-api`,
  };
}

/** A Temporal client, or a clear "cannot reach Temporal" error. */
export async function connectTemporal(
  settings: TemporalSettings,
): Promise<{ client: Client; close: () => Promise<void> }> {
  try {
    const connection = await Connection.connect({
      address: settings.address,
      connectTimeout: 5_000,
    });
    return {
      client: new Client({ connection, namespace: settings.namespace }),
      close: () => connection.close(),
    };
  } catch (error) {
    throw new CliError(
      `Cannot reach Temporal at ${settings.address}: ${(error as Error).message}. Start it with \`ledgerlift dev\` (or set --address / TEMPORAL_ADDRESS).`,
      exitCodes.unavailable,
    );
  }
}
