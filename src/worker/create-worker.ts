import { fileURLToPath } from 'node:url';
import { NativeConnection, Worker, type WorkerOptions } from '@temporalio/worker';
import { createActivities } from '../../activities/index.js';
import type { TemporalSettings } from '../config/temporal-settings.js';

/** Source entry of all workflows; the worker bundles it unless a prebuilt bundle is given. */
export const workflowsPath = fileURLToPath(new URL('../../workflows/index.ts', import.meta.url));

export interface CreateWorkerOptions {
  settings: TemporalSettings;
  connection?: NativeConnection;
  /** A bundle from `bundleWorkflowCode`, so tests bundle once instead of per worker. */
  workflowBundle?: WorkerOptions['workflowBundle'];
}

/** Creates the worker that runs Ledgerlift's workflows and local activities. */
export async function createWorker(options: CreateWorkerOptions): Promise<Worker> {
  const connection =
    options.connection ?? (await NativeConnection.connect({ address: options.settings.address }));
  return Worker.create({
    connection,
    namespace: options.settings.namespace,
    taskQueue: options.settings.taskQueue,
    ...(options.workflowBundle ? { workflowBundle: options.workflowBundle } : { workflowsPath }),
    activities: createActivities(),
  });
}
