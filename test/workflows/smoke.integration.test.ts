import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { workerSettings } from '../../src/config/worker-settings.js';
import { createWorkers, type LedgerliftWorkers } from '../../src/worker/create-worker.js';
import { createMigrationDeps } from '../../src/worker/migration-deps.js';
import { findTemporalCli } from '../../src/dev/temporal-cli.js';
import { smokeWorkflow } from '../../workflows/smoke.js';
import {
  connectClient,
  connectWorkerConnection,
  testSettings,
  testWorkflowBundle,
} from '../support/temporal.js';
import { runCommand, startProgram } from '../support/processes.js';

describe('smoke workflow on a real dev server', () => {
  it('runs a real activity on a real worker', async () => {
    const settings = testSettings('smoke');
    const connection = await connectWorkerConnection(settings);
    const runsDir = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-smoke-'));
    const worker = workerSettings({ LEDGERLIFT_RUNS_DIR: runsDir });
    const deps = createMigrationDeps(worker);
    const workers: LedgerliftWorkers = await createWorkers({
      settings,
      worker,
      deps,
      connection,
      workflowBundle: testWorkflowBundle(),
    });
    const { client, connection: clientConnection } = await connectClient(settings);
    try {
      const workflowId = `smoke-${randomUUID()}`;
      const result = await workers.runUntil(
        client.workflow.execute(smokeWorkflow, {
          taskQueue: settings.taskQueue,
          workflowId,
          args: [{ name: 'Ada' }],
        }),
      );
      expect(result).toEqual({
        greeting: `Hello, Ada, from activity of ${workflowId}`,
        workflowId,
      });
    } finally {
      await deps.close();
      await clientConnection.close();
      await connection.close();
      await rm(runsDir, { recursive: true, force: true });
    }
  });
});

describe('the project worker, driven by the temporal CLI', () => {
  const settings = testSettings('cli');
  const worker = startProgram('src/worker/main.ts', [], {
    TEMPORAL_ADDRESS: settings.address,
    LEDGERLIFT_TASK_QUEUE: settings.taskQueue,
  });

  beforeAll(async () => {
    await worker.waitFor(/polling task queue/);
  });
  afterAll(async () => {
    await worker.stop();
  });

  it('completes a workflow started with `temporal workflow start`', async () => {
    const cli = await findTemporalCli();
    if (!cli) throw new Error('no Temporal CLI: the global setup should have provided one');
    const workflowId = `cli-smoke-${randomUUID()}`;
    const started = await runCommand(cli.path, [
      'workflow',
      'start',
      '--address',
      settings.address,
      '--task-queue',
      settings.taskQueue,
      '--type',
      'smokeWorkflow',
      '--workflow-id',
      workflowId,
      '--input',
      JSON.stringify({ name: 'Grace' }),
    ]);
    expect(started.code, started.stderr).toBe(0);

    const result = await runCommand(cli.path, [
      'workflow',
      'result',
      '--address',
      settings.address,
      '--workflow-id',
      workflowId,
      '--output',
      'json',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`Hello, Grace, from activity of ${workflowId}`);
    expect(result.stdout).toMatch(/COMPLETED/);
  });
});
