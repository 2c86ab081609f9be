import type { TemporalSettings } from './temporal-settings.js';
import type { WorkerSettings } from './worker-settings.js';

/**
 * The environment from which `temporalSettings()` and `workerSettings()` read back exactly these
 * settings: how a process that starts a worker (the dev stack) configures it. The API task queue
 * is always the task queue's name with `-api`.
 */
export function workerEnvironment(
  temporal: TemporalSettings,
  worker: WorkerSettings,
): Record<string, string> {
  return {
    TEMPORAL_ADDRESS: temporal.address,
    TEMPORAL_NAMESPACE: temporal.namespace,
    LEDGERLIFT_TASK_QUEUE: temporal.taskQueue,
    LEDGERLIFT_RUNS_DIR: worker.runsDir,
    LEDGERLIFT_API_REQUESTS_PER_WINDOW: String(worker.requestsPerWindow),
    LEDGERLIFT_API_RATE_WINDOW_SECONDS: String(worker.rateWindowSeconds),
    LEDGERLIFT_API_RATE_HEADROOM: String(worker.rateHeadroom),
    LEDGERLIFT_API_RATE_LIMIT: worker.rateLimited ? 'on' : 'off',
    LEDGERLIFT_AMBIGUOUS_WRITE_SETTLE_SECONDS: String(worker.ambiguousSettleSeconds),
    ...(worker.runStoreUrl ? { LEDGERLIFT_RUN_STORE_URL: worker.runStoreUrl } : {}),
    ...(worker.credentialsPath ? { LEDGERLIFT_CREDENTIALS: worker.credentialsPath } : {}),
    LEDGERLIFT_SOURCES_ROOT: worker.sourcesRoot,
    ...(worker.workflowBundlePath ? { LEDGERLIFT_WORKFLOW_BUNDLE: worker.workflowBundlePath } : {}),
    ...(worker.liveApiLimit
      ? {
          LEDGERLIFT_LIVE_API_REQUESTS_PER_WINDOW: String(worker.liveApiLimit.requestsPerWindow),
          LEDGERLIFT_LIVE_API_RATE_WINDOW_SECONDS: String(worker.liveApiLimit.rateWindowSeconds),
        }
      : {}),
  };
}

/**
 * Variables `workerEnvironment` sets only when the settings have them: a parent drops its own, so
 * the worker it starts does not inherit them.
 */
export const optionalWorkerVariables: readonly string[] = [
  'LEDGERLIFT_RUN_STORE_URL',
  'LEDGERLIFT_CREDENTIALS',
  'LEDGERLIFT_LIVE_API_REQUESTS_PER_WINDOW',
  'LEDGERLIFT_LIVE_API_RATE_WINDOW_SECONDS',
  'LEDGERLIFT_WORKFLOW_BUNDLE',
];
