import path from 'node:path';
import { z } from 'zod';
import { localDataDir } from '../dev/project-paths.js';

/** How a worker runs migrations: where runs live and how fast it may call the API. */
export interface WorkerSettings {
  /** Each run gets a folder here: its embedded run store and its reports. */
  runsDir: string;
  /** The API's limit per client id (the spec: 100 per minute). */
  requestsPerMinute: number;
  /** Share of the limit the task queue is paced at, leaving room for token refreshes. */
  rateHeadroom: number;
  /** False only for benchmarks against an unlimited sandbox. */
  rateLimited: boolean;
  /** A PostgreSQL URL for a run store shared by workers on several machines (optional). */
  runStoreUrl: string | undefined;
  /** The credential file (default: the client's, `.ledgerlift/credentials.json`). */
  credentialsPath: string | undefined;
}

const envSchema = z.object({
  LEDGERLIFT_RUNS_DIR: z.string().min(1).optional(),
  LEDGERLIFT_API_REQUESTS_PER_MINUTE: z.coerce.number().positive().default(100),
  LEDGERLIFT_API_RATE_HEADROOM: z.coerce.number().gt(0).lte(1).default(0.97),
  LEDGERLIFT_API_RATE_LIMIT: z.enum(['on', 'off']).default('on'),
  LEDGERLIFT_RUN_STORE_URL: z.string().url().optional(),
  LEDGERLIFT_CREDENTIALS: z.string().min(1).optional(),
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
    requestsPerMinute: values.LEDGERLIFT_API_REQUESTS_PER_MINUTE,
    rateHeadroom: values.LEDGERLIFT_API_RATE_HEADROOM,
    rateLimited: values.LEDGERLIFT_API_RATE_LIMIT === 'on',
    runStoreUrl: values.LEDGERLIFT_RUN_STORE_URL,
    credentialsPath: values.LEDGERLIFT_CREDENTIALS,
  };
}

/** Activities per second the server lets the API task queue dispatch, across all workers. */
export function apiActivitiesPerSecond(settings: WorkerSettings): number | undefined {
  return settings.rateLimited
    ? (settings.requestsPerMinute / 60) * settings.rateHeadroom
    : undefined;
}
