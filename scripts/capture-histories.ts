// Captures the workflow histories that test/workflows/replay-histories.test.ts replays, so a change
// to workflow code that would break migrations already running fails a test. Run it when the
// workflows change on purpose:
//
//   npx tsx scripts/capture-histories.ts
//
// It migrates a small generated company into a fresh sandbox on a temporary dev server, with a
// failed row replayed and steps continued as new, then saves every history (protobuf binary).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import proto from '@temporalio/proto';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { defaultSandboxConfig, startSandbox } from '../sandbox/index.js';
import { workerSettings } from '../src/config/worker-settings.js';
import { connectToSandbox } from '../src/dev/connect-sandbox.js';
import { freePort } from '../src/dev/free-port.js';
import { projectRoot } from '../src/config/project-paths.js';
import { ensureTemporalCli } from '../src/dev/temporal-cli.js';
import { startDevServer } from '../src/dev/temporal-dev-server.js';
import { runWorkflowId } from '../src/migration/contracts/run-name.js';
import { stepNames } from '../src/migration/contracts/steps.js';
import { generateCompany } from '../src/synthetic-company/company-generator.js';
import { writeGenericCsv } from '../src/synthetic-company/write-generic-csv.js';
import { createWorkers } from '../src/worker/create-worker.js';
import { createMigrationDeps } from '../src/worker/migration-deps.js';
import { migrateLedger } from '../workflows/migrate-ledger.js';
import { retryFailedRowsUpdate, progressQuery } from '../workflows/handlers.js';

Runtime.install({ logger: new DefaultLogger('WARN') });
const out = path.join(projectRoot, 'test', 'fixtures', 'histories');
const dir = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-capture-'));
const cli = await ensureTemporalCli();
if (cli.kind !== 'binary') throw new Error('capturing histories needs a Temporal CLI binary');
const server = await startDevServer(cli, { port: await freePort(), headless: true });
const config = defaultSandboxConfig();
config.limits = { ...config.limits, requestsPerWindow: null };
const sandbox = await startSandbox({ port: 0, config });
try {
  const credentialsPath = path.join(dir, 'credentials.json');
  await connectToSandbox({ baseUrl: sandbox.url, profile: 'capture', credentialsPath });
  const company = generateCompany(
    {
      customers: 5,
      vendors: 3,
      products: 4,
      invoices: 12,
      bills: 6,
      bankTransactions: 6,
      paidShare: 0.6,
    },
    5,
  );
  const folder = path.join(dir, 'exports');
  // One invoice posts to an expense account: the API refuses it, and the replay fixes it.
  const broken = company.records.map((record) =>
    record.entity === 'invoice' && record.value.key === 'INV-000001'
      ? {
          ...record,
          value: {
            ...record.value,
            lines: record.value.lines.map((l) => ({ ...l, accountKey: '6200' })),
          },
        }
      : record,
  );
  await writeGenericCsv(broken, folder);
  const settings = {
    address: server.address,
    namespace: 'default',
    taskQueue: 'capture',
    apiTaskQueue: 'capture-api',
  };
  const worker = {
    ...workerSettings({
      LEDGERLIFT_RUNS_DIR: path.join(dir, 'runs'),
      LEDGERLIFT_SOURCES_ROOT: dir,
    }),
    rateLimited: false,
    credentialsPath,
  };
  const deps = createMigrationDeps(worker);
  const workers = await createWorkers({ settings, worker, deps });
  const connection = await Connection.connect({ address: server.address });
  const client = new Client({ connection });
  const workflowId = runWorkflowId('capture');
  await workers.runUntil(
    (async () => {
      const handle = await client.workflow.start(migrateLedger, {
        taskQueue: settings.taskQueue,
        workflowId,
        args: [
          {
            runName: 'capture',
            profile: 'capture',
            source: { folder, format: 'generic' },
            cutoverDate: company.cutoverDate,
            endDate: company.endDate,
            mode: 'live',
            batchSize: 5,
            unitsPerStepRun: 3,
          },
        ],
      });
      for (;;) {
        if ((await handle.query(progressQuery)).phase === 'awaiting-operator') break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      await writeGenericCsv(company.records, folder);
      await handle.executeUpdate(retryFailedRowsUpdate, { args: [{}] });
      await handle.result();
    })(),
  );
  await rm(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });
  const ids = [
    workflowId,
    ...['main', 'replay-1'].flatMap((plan) =>
      stepNames.map((step) => `${workflowId}/${plan}/${step}`),
    ),
  ];
  let files = 0;
  for (const id of ids) {
    for await (const execution of client.workflow.list({ query: `WorkflowId = '${id}'` })) {
      // Binary protobuf, not JSON: the SDK's JSON history path (historyFromJSON) fails in this
      // install because npm nests three copies of protobufjs (see docs/temporal-notes.md).
      const history = await client.workflow.getHandle(id, execution.runId).fetchHistory();
      const bytes = proto.temporal.api.history.v1.History.encode(history).finish();
      await writeFile(
        path.join(out, `${id.replaceAll('/', '__')}__${execution.runId}.binpb`),
        bytes,
      );
      files += 1;
    }
  }
  console.log(`Captured ${files} histories into ${path.relative(projectRoot, out)}`);
  await connection.close();
  await deps.close();
} finally {
  await sandbox.close();
  await server.stop();
  await rm(dir, { recursive: true, force: true });
}
