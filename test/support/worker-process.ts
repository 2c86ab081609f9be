import { inject } from 'vitest';
import { workerNodeFlags } from '../../src/worker/worker-command.js';
import type { MigrationStack } from './migration-stack.js';
import { startProgram, type RunningProcess } from './processes.js';

/** The project's worker entry point as a separate process, serving a stack's task queues. */
export async function startWorkerProcess(
  stack: MigrationStack,
  env: NodeJS.ProcessEnv = {},
): Promise<RunningProcess> {
  const worker = startProgram(
    'src/worker/main.ts',
    [],
    {
      TEMPORAL_ADDRESS: stack.settings.address,
      LEDGERLIFT_TASK_QUEUE: stack.settings.taskQueue,
      LEDGERLIFT_RUNS_DIR: stack.worker.runsDir,
      LEDGERLIFT_SOURCES_ROOT: stack.worker.sourcesRoot,
      LEDGERLIFT_CREDENTIALS: stack.worker.credentialsPath,
      LEDGERLIFT_API_RATE_LIMIT: stack.worker.rateLimited ? 'on' : 'off',
      LEDGERLIFT_API_REQUESTS_PER_WINDOW: String(stack.worker.requestsPerWindow),
      LEDGERLIFT_API_RATE_WINDOW_SECONDS: String(stack.worker.rateWindowSeconds),
      LEDGERLIFT_AMBIGUOUS_WRITE_SETTLE_SECONDS: String(stack.worker.ambiguousSettleSeconds),
      // The workflows bundled once for the whole run (test/setup/temporal.global.ts).
      LEDGERLIFT_WORKFLOW_BUNDLE: inject('workflowBundlePath'),
      ...env,
    },
    { nodeFlags: workerNodeFlags },
  );
  await worker.waitFor(/polling task queue/);
  return worker;
}
