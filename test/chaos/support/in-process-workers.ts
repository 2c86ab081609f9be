import type { PartnerApiClientOptions } from '../../../src/partner-api/index.js';
import type { TemporalSettings } from '../../../src/config/temporal-settings.js';
import { createWorkers } from '../../../src/worker/create-worker.js';
import { createMigrationDeps } from '../../../src/worker/migration-deps.js';
import type { MigrationStack } from '../../support/migration-stack.js';
import { connectWorkerConnection, testWorkflowBundle } from '../../support/temporal.js';

export interface InProcessWorkers {
  stop(): Promise<void>;
}

/**
 * The project's workers in this process, like `startMigrationStack`'s, but with Partner API client
 * options a test needs (a short request deadline, say), and optionally on another Temporal server.
 */
export async function startInProcessWorkers(
  stack: MigrationStack,
  options: {
    client?: Omit<PartnerApiClientOptions, 'profile'>;
    settings?: TemporalSettings;
  } = {},
): Promise<InProcessWorkers> {
  const settings = options.settings ?? stack.settings;
  const deps = createMigrationDeps(stack.worker, options.client ?? {});
  const connection = await connectWorkerConnection(settings);
  const workers = await createWorkers({
    settings,
    worker: stack.worker,
    deps,
    connection,
    workflowBundle: testWorkflowBundle(),
  });
  const done = workers.run();
  let stopped = false;
  return {
    async stop() {
      if (stopped) return;
      stopped = true;
      workers.main.shutdown();
      workers.api.shutdown();
      await done;
      await deps.close();
      await connection.close();
    },
  };
}
