// `npm run demo`. Until the migration demo lands, this proves the embedded stack: it starts the
// Temporal dev server (building the CLI if needed), runs a worker, executes the smoke workflow and
// stops everything.
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { temporalSettings } from '../src/config/temporal-settings.js';
import { localDataDir } from '../src/dev/project-paths.js';
import { ensureTemporalCli } from '../src/dev/temporal-cli.js';
import { startDevServer } from '../src/dev/temporal-dev-server.js';
import { createWorker } from '../src/worker/create-worker.js';
import { smokeWorkflow } from '../workflows/smoke.js';

Runtime.install({ logger: new DefaultLogger('WARN') });

const server = await startDevServer(await ensureTemporalCli(), {
  dbFile: path.join(localDataDir, 'temporal', 'dev.db'),
  logFile: path.join(localDataDir, 'temporal', 'server.log'),
});
console.log(`Temporal dev server on ${server.address}; Web UI at ${server.uiUrl}`);
const settings = { ...temporalSettings(), address: server.address };
try {
  const worker = await createWorker({ settings });
  const connection = await Connection.connect({ address: server.address });
  const client = new Client({ connection });
  const workflowId = `smoke-demo-${Date.now()}`;
  const result = await worker.runUntil(
    client.workflow.execute(smokeWorkflow, {
      taskQueue: settings.taskQueue,
      workflowId,
      args: [{ name: 'consultant' }],
    }),
  );
  console.log(`Smoke workflow ${workflowId} completed: ${result.greeting}`);
  console.log(`See it in the Web UI: ${server.uiUrl}/namespaces/default/workflows/${workflowId}`);
  await connection.close();
} finally {
  await server.stop();
}
