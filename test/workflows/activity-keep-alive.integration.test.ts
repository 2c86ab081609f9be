import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { bundleWorkflowCode, NativeConnection, Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivities } from '../../activities/index.js';
import { workerSettings } from '../../src/config/worker-settings.js';
import type { RunScope } from '../../src/migration/contracts/workflow-types.js';
import { createMigrationDeps } from '../../src/worker/migration-deps.js';
import { connectClient, testSettings } from '../support/temporal.js';
import { quietActivity } from './keep-alive-workflows.js';

// The run-store activities allow a minute between heartbeats, and none of them heartbeated: at a
// million records writing the reports took longer than that, and the dry run failed after five
// heartbeat timeouts (docs/benchmarks.md, "A million records").
describe('an activity that runs longer than its heartbeat timeout', () => {
  const settings = testSettings('keep-alive');
  let runsDir: string;
  let connection: NativeConnection;
  let client: Awaited<ReturnType<typeof connectClient>>;

  beforeAll(async () => {
    runsDir = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-keep-alive-'));
    connection = await NativeConnection.connect({ address: settings.address });
    client = await connectClient(settings);
  });
  afterAll(async () => {
    await client.connection.close();
    await connection.close();
    await rm(runsDir, { recursive: true, force: true });
  });

  it('completes, heartbeating while it works, when its worker is alive', async () => {
    const deps = createMigrationDeps(workerSettings({ LEDGERLIFT_RUNS_DIR: runsDir }));
    // A run store that takes three heartbeat timeouts to open: a slow disk, a large run.
    const slowStore = async (runName: string) => {
      await delay(3_000);
      return deps.openStore(runName);
    };
    const worker = await Worker.create({
      connection,
      taskQueue: settings.taskQueue,
      workflowBundle: await bundleWorkflowCode({
        workflowsPath: fileURLToPath(new URL('./keep-alive-workflows.ts', import.meta.url)),
        logger: { trace() {}, debug() {}, info() {}, warn() {}, error() {}, log() {} },
      }),
      activities: createActivities({ ...deps, openStore: slowStore }),
    });
    const scope: RunScope = { runName: 'quiet', mode: 'dry-run', stageId: 's', profile: 'p' };
    const handle = await client.client.workflow.start(quietActivity, {
      taskQueue: settings.taskQueue,
      workflowId: `keep-alive-${randomUUID()}`,
      args: [scope],
    });
    try {
      await expect(worker.runUntil(handle.result())).resolves.toEqual({});
    } finally {
      await deps.close();
    }
  });
});
