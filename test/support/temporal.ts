import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection } from '@temporalio/worker';
import { inject } from 'vitest';
import type { TemporalSettings } from '../../src/config/temporal-settings.js';
import '../setup/provided-context.js';

/** Settings pointing at the test run's dev server, on task queues no other test file uses. */
export function testSettings(prefix = 'test'): TemporalSettings {
  const taskQueue = `${prefix}-${randomUUID()}`;
  return {
    address: inject('temporalAddress'),
    namespace: 'default',
    taskQueue,
    apiTaskQueue: `${taskQueue}-api`,
  };
}

/** The prebuilt workflow bundle from the global setup. */
export function testWorkflowBundle() {
  return { codePath: inject('workflowBundlePath') };
}

export async function connectClient(settings: TemporalSettings) {
  const connection = await Connection.connect({ address: settings.address });
  return { client: new Client({ connection, namespace: settings.namespace }), connection };
}

export async function connectWorkerConnection(settings: TemporalSettings) {
  return NativeConnection.connect({ address: settings.address });
}
