import path from 'node:path';
import { z } from 'zod';
import { localDataDir } from './project-paths.js';

/** How a worker runs migrations: where runs live and how fast it may call the API. */
export interface WorkerSettings {
  /** Each run gets a folder here: its embedded run store and its reports. */
  runsDir: string;
  /** The API's limit per client id: this many requests (the spec: 100)... */
  requestsPerWindow: number;
  /** ...in any window of this many seconds (the spec: 60). */
  rateWindowSeconds: number;
  /** Share of the pace kept back, for token refreshes (which the limit counts too). */
  rateHeadroom: number;
  /** False only for benchmarks against an unlimited sandbox. */
  rateLimited: boolean;
  /**
   * The real API's limit, when the worker is paced to another one (a sandbox with a short window):
   * a dry run estimates the live run's duration at the real limit. Default: the limit above.
   */
  liveApiLimit?: { requestsPerWindow: number; rateWindowSeconds: number };
  /**
   * Seconds after sending a call that may have been applied (timeout, dropped connection, 5xx)
   * before the engine looks for its rows and resends the missing ones. The API has no idempotency
   * key, so this must outlast any time the API could still apply a request it holds: the default
   * is twice the client's 30 s request deadline.
   */
  ambiguousSettleSeconds: number;
  /** A PostgreSQL URL for a run store shared by workers on several machines (optional). */
  runStoreUrl: string | undefined;
  /** The credential file (default: the client's, `.ledgerlift/credentials.json`). */
  credentialsPath: string | undefined;
  /**
   * Source folders and overrides files must lie under this folder (real paths, symlinks followed):
   * a run can be started by anyone with access to Temporal, naming any path (docs/deploy.md).
   */
  sourcesRoot: string;
  /**
   * A bundle of this same workflow code made beforehand, read instead of bundling at start: the
   * tests bundle once for every worker process they start (each bundling took seconds of CPU).
   */
  workflowBundlePath?: string | undefined;
}

/** Twice the client's default 30 s request deadline (see `ambiguousSettleSeconds`). */
export const DEFAULT_AMBIGUOUS_SETTLE_SECONDS = 60;

const envSchema = z.object({
  LEDGERLIFT_RUNS_DIR: z.string().min(1).optional(),
  LEDGERLIFT_API_REQUESTS_PER_WINDOW: z.coerce.number().positive().default(100),
  LEDGERLIFT_API_RATE_WINDOW_SECONDS: z.coerce.number().positive().default(60),
  LEDGERLIFT_API_RATE_HEADROOM: z.coerce.number().gt(0).lte(1).default(0.99),
  LEDGERLIFT_API_RATE_LIMIT: z.enum(['on', 'off']).default('on'),
  LEDGERLIFT_AMBIGUOUS_WRITE_SETTLE_SECONDS: z.coerce
    .number()
    .nonnegative()
    .default(DEFAULT_AMBIGUOUS_SETTLE_SECONDS),
  LEDGERLIFT_RUN_STORE_URL: z.string().url().optional(),
  LEDGERLIFT_CREDENTIALS: z.string().min(1).optional(),
  LEDGERLIFT_SOURCES_ROOT: z.string().min(1).optional(),
  LEDGERLIFT_LIVE_API_REQUESTS_PER_WINDOW: z.coerce.number().positive().optional(),
  LEDGERLIFT_LIVE_API_RATE_WINDOW_SECONDS: z.coerce.number().positive().optional(),
  LEDGERLIFT_WORKFLOW_BUNDLE: z.string().min(1).optional(),
});

export function workerSettings(env: NodeJS.ProcessEnv = process.env): WorkerSettings {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid worker settings in the environment: ${issues.join('; ')}`);
  }
  const values = parsed.data;
  return {
    runsDir: path.resolve(values.LEDGERLIFT_RUNS_DIR ?? path.join(localDataDir, 'runs')),
    requestsPerWindow: values.LEDGERLIFT_API_REQUESTS_PER_WINDOW,
    rateWindowSeconds: values.LEDGERLIFT_API_RATE_WINDOW_SECONDS,
    rateHeadroom: values.LEDGERLIFT_API_RATE_HEADROOM,
    rateLimited: values.LEDGERLIFT_API_RATE_LIMIT === 'on',
    ambiguousSettleSeconds: values.LEDGERLIFT_AMBIGUOUS_WRITE_SETTLE_SECONDS,
    runStoreUrl: values.LEDGERLIFT_RUN_STORE_URL,
    credentialsPath: values.LEDGERLIFT_CREDENTIALS,
    // Default: the folder the worker was started in, so a worker reads nothing beside its own.
    sourcesRoot: path.resolve(values.LEDGERLIFT_SOURCES_ROOT ?? process.cwd()),
    workflowBundlePath: values.LEDGERLIFT_WORKFLOW_BUNDLE,
    ...(values.LEDGERLIFT_LIVE_API_REQUESTS_PER_WINDOW &&
    values.LEDGERLIFT_LIVE_API_RATE_WINDOW_SECONDS
      ? {
          liveApiLimit: {
            requestsPerWindow: values.LEDGERLIFT_LIVE_API_REQUESTS_PER_WINDOW,
            rateWindowSeconds: values.LEDGERLIFT_LIVE_API_RATE_WINDOW_SECONDS,
          },
        }
      : {}),
  };
}

/**
 * Activities per second the server lets the API task queue dispatch, across all workers: the limit
 * over its window, less the headroom. The server's token bucket also lets `ceil(pace)` tasks through
 * at once after a pause; each worker's request window (src/partner-api/request-window.ts, set up
 * from `apiRequestLimit`) holds those back, so no window of the API's holds more than it allows.
 * The pace used to be the limit over the window plus one second, to leave room for that burst in
 * the pace itself: 0.958 of the limit on a 30 s window, however full the queue (docs/temporal-notes.md).
 */
export function apiActivitiesPerSecond(settings: WorkerSettings): number | undefined {
  if (!settings.rateLimited) return undefined;
  return (settings.requestsPerWindow / settings.rateWindowSeconds) * settings.rateHeadroom;
}

/** The limit each worker process keeps for its own requests, with the limit on. */
export function apiRequestLimit(
  settings: WorkerSettings,
): { requests: number; windowMs: number } | undefined {
  if (!settings.rateLimited) return undefined;
  return { requests: settings.requestsPerWindow, windowMs: settings.rateWindowSeconds * 1000 };
}

/** The pace in calls per minute (for estimates), with the limit on; the limit itself without. */
export function apiCallsPerMinute(settings: WorkerSettings): number {
  const perSecond = apiActivitiesPerSecond(settings);
  return perSecond === undefined
    ? (settings.requestsPerWindow * 60) / settings.rateWindowSeconds
    : perSecond * 60;
}

/**
 * The pace a live run against the real API gets, for a dry run's duration estimate: the real limit
 * (`liveApiLimit`, else the configured one), paced as the worker paces it, whatever this worker's
 * own pacing (a sandbox's short window, or none in a benchmark).
 */
export function estimateCallsPerMinute(settings: WorkerSettings): number {
  return apiCallsPerMinute({ ...settings, ...settings.liveApiLimit, rateLimited: true });
}
