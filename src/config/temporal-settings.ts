import { z } from 'zod';

/** Where the worker and clients find Temporal, and the task queues Ledgerlift uses. */
export interface TemporalSettings {
  address: string;
  namespace: string;
  /** Workflows and local work (staging, run store, reports). */
  taskQueue: string;
  /** Activities that call the Partner API; the server rate-limits this queue. */
  apiTaskQueue: string;
}

const envSchema = z.object({
  TEMPORAL_ADDRESS: z.string().min(1).default('127.0.0.1:7233'),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  LEDGERLIFT_TASK_QUEUE: z.string().min(1).default('ledgerlift'),
});

/** Reads Temporal settings from the environment, with the embedded dev server as the default. */
export function temporalSettings(env: NodeJS.ProcessEnv = process.env): TemporalSettings {
  const parsed = envSchema.parse(env);
  return {
    address: parsed.TEMPORAL_ADDRESS,
    namespace: parsed.TEMPORAL_NAMESPACE,
    taskQueue: parsed.LEDGERLIFT_TASK_QUEUE,
    apiTaskQueue: `${parsed.LEDGERLIFT_TASK_QUEUE}-api`,
  };
}
