import { readFile } from 'node:fs/promises';
import { Client } from '@temporalio/client';
import {
  NativeConnection,
  Worker,
  type WorkerOptions,
  type WorkflowBundleOption,
} from '@temporalio/worker';
import { createActivities } from '../../activities/index.js';
import type { MigrationActivityDeps } from '../../activities/index.js';
import type { TemporalSettings } from '../config/temporal-settings.js';
import { apiActivitiesPerSecond, type WorkerSettings } from '../config/worker-settings.js';
import { listRunsInProgress } from '../migration/reporting/runs-in-progress.js';
import { workflowBundleForWorker } from './bundle-apart.js';
import { deploymentVersionOf, makeCurrent, pinnedTo } from './worker-version.js';

export interface CreateWorkerOptions {
  settings: TemporalSettings;
  worker: WorkerSettings;
  /** The migration's dependencies (run stores, API clients, source readers). */
  deps: MigrationActivityDeps;
  connection?: NativeConnection;
  /** A bundle from `bundleWorkflowCode`, so tests bundle once instead of per worker; without
   *  one, the bundle of this process's code form (src/worker/bundle-apart.ts). */
  workflowBundle?: WorkerOptions['workflowBundle'];
  /**
   * Pins every workflow to this build and makes the build current (src/worker/worker-version.ts).
   * On for every worker process (`runWorker`); off for the tests' in-process workers, which share
   * one dev server over hundreds of task queues, more than its 100 deployments allow.
   */
  versioned?: boolean;
}

/** The two workers of one process: workflows and local work, and the paced API calls. */
export interface LedgerliftWorkers {
  main: Worker;
  api: Worker;
  /** Runs both until shutdown (SIGINT and SIGTERM shut them down). */
  run(): Promise<void>;
  /** Runs both until `promise` settles, then shuts them down; answers the promise's value. */
  runUntil<T>(promise: Promise<T>): Promise<T>;
}

/**
 * Creates the workers. The API task queue is paced by the server (`maxTaskQueueActivitiesPerSecond`
 * applies across every worker of the queue), and since one activity makes one API call, the pace of
 * activities is the pace of requests.
 */
export async function createWorkers(options: CreateWorkerOptions): Promise<LedgerliftWorkers> {
  const connection =
    options.connection ?? (await NativeConnection.connect({ address: options.settings.address }));
  // A dry run's report lists the live runs in progress through this worker's own connection.
  const client = new Client({ connection, namespace: options.settings.namespace });
  const activities = createActivities({
    runsInProgress: (except) => listRunsInProgress(client, except),
    ...options.deps,
  });
  const prebuilt = options.worker.workflowBundlePath;
  const workflowBundle =
    options.workflowBundle ?? (prebuilt ? { codePath: prebuilt } : await workflowBundleForWorker());
  const common = {
    connection,
    namespace: options.settings.namespace,
    activities,
    ...(options.versioned ? await currentBuild(client, options.settings, workflowBundle) : {}),
  };
  const main = await Worker.create({
    ...common,
    taskQueue: options.settings.taskQueue,
    workflowBundle,
  });
  const perSecond = apiActivitiesPerSecond(options.worker);
  const api = await Worker.create({
    ...common,
    taskQueue: options.settings.apiTaskQueue,
    maxConcurrentActivityTaskExecutions: 32,
    ...(perSecond !== undefined ? { maxTaskQueueActivitiesPerSecond: perSecond } : {}),
  });
  return {
    main,
    api,
    run: async () => {
      await Promise.all([main.run(), api.run()]);
    },
    runUntil: async <T>(promise: Promise<T>) => {
      const [value] = await Promise.all([main.runUntil(promise), api.runUntil(promise)]);
      return value;
    },
  };
}

/** This build's deployment version, made current before the workers poll (docs/temporal-notes.md). */
async function currentBuild(
  client: Client,
  settings: TemporalSettings,
  workflowBundle: WorkflowBundleOption,
): Promise<Pick<WorkerOptions, 'workerDeploymentOptions'>> {
  const code =
    'code' in workflowBundle
      ? workflowBundle.code
      : await readFile(workflowBundle.codePath, 'utf8');
  const version = deploymentVersionOf(settings.taskQueue, code);
  await makeCurrent(client, settings.namespace, version);
  return { workerDeploymentOptions: pinnedTo(version) };
}
