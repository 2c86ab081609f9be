import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TemporalSettings } from '../../src/config/temporal-settings.js';
import { freePort } from '../../src/dev/free-port.js';
import { findTemporalCli } from '../../src/dev/temporal-cli.js';
import {
  devServerArgs,
  startDevServer,
  type DevServerOptions,
  type RunningDevServer,
} from '../../src/dev/temporal-dev-server.js';
import { runWorkflowId } from '../../src/migration/contracts/run-name.js';
import type { RunProgress } from '../../src/migration/contracts/workflow-types.js';
import { generateCompany } from '../../src/synthetic-company/company-generator.js';
import { writeGenericCsv } from '../../src/synthetic-company/write-generic-csv.js';
import { progressQuery } from '../../workflows/handlers.js';
import { migrateLedger } from '../../workflows/migrate-ledger.js';
import {
  TEST_PROFILE,
  startMigrationStack,
  uniqueRunName,
  type MigrationStack,
  liveRun,
} from '../support/migration-stack.js';
import type { RunningProcess } from '../support/processes.js';
import { waitFor } from '../support/wait.js';
import { startWorkerProcess } from '../support/worker-process.js';
import { chaosRandom } from './support/chaos-random.js';
import { crashCompany } from './support/chaos-companies.js';
import { liveOutcomes, reconciled } from './support/outcomes.js';
import { summary } from './support/summary.js';
import { expectRunHeld } from './support/workspace-audit.js';

/** A dev server this test can stop: gently (SIGTERM, through `stop`) or hard (SIGKILL). */
interface Server {
  address: string;
  stop(): Promise<void>;
  kill?(): Promise<void>;
}

async function answers(address: string): Promise<boolean> {
  const connection = await Connection.connect({ address, connectTimeout: 1000 });
  try {
    await connection.workflowService.getSystemInfo({});
    return true;
  } finally {
    await connection.close();
  }
}

/**
 * The same server `startDevServer` runs (same arguments, same binary), spawned here so the test
 * holds the process and can SIGKILL it: `startDevServer` only offers a graceful stop.
 */
async function spawnDevServer(cliPath: string, options: DevServerOptions): Promise<Server> {
  const child: ChildProcess = spawn(cliPath, devServerArgs(options), { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const address = `127.0.0.1:${options.port}`;
  await waitFor(`the dev server at ${address}`, () => answers(address), { timeoutMs: 60_000 });
  const stop = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return { address, stop: () => stop('SIGTERM'), kill: () => stop('SIGKILL') };
}

function stepAt(progress: RunProgress, step: string) {
  return progress.steps.find((s) => s.step === step);
}

describe('the Temporal server restarted in the middle of a run', () => {
  let stack: MigrationStack;
  let server: Server | undefined;
  let worker: RunningProcess | undefined;
  let connection: Connection | undefined;
  const company = generateCompany(crashCompany, 83);

  beforeAll(async () => {
    stack = await startMigrationStack({ inProcessWorkers: false });
  });
  afterAll(async () => {
    await worker?.stop('SIGKILL');
    await connection?.close();
    await server?.stop();
    await stack?.close();
  });

  it('SIGTERM and SIGKILL of the server: the run resumes from its database, no duplicate, no gap', async () => {
    const random = chaosRandom('temporal-restart');
    const cli = await findTemporalCli();
    if (!cli) throw new Error('no Temporal CLI: the global setup should have provided one');
    const port = await freePort();
    const options: DevServerOptions = {
      port,
      headless: true,
      dbFile: path.join(stack.dir, 'temporal', 'dev.db'),
      logFile: path.join(stack.dir, 'temporal', 'server.log'),
    };
    const startGraceful = async (): Promise<Server> => {
      const running: RunningDevServer = await startDevServer(cli, options);
      return { address: running.address, stop: () => running.stop() };
    };

    server = await startGraceful();
    const taskQueue = `restart-${randomUUID()}`;
    const settings: TemporalSettings = {
      address: server.address,
      namespace: 'default',
      taskQueue,
      apiTaskQueue: `${taskQueue}-api`,
    };
    connection = await Connection.connect({ address: settings.address });
    const client = new Client({ connection, namespace: settings.namespace });
    worker = await startWorkerProcess(stack, {
      TEMPORAL_ADDRESS: settings.address,
      LEDGERLIFT_TASK_QUEUE: settings.taskQueue,
    });
    const folder = path.join(stack.dir, 'exports');
    await writeGenericCsv(company.records, folder);
    stack.sandbox.admin.setFault({ method: 'POST', path: '/partners/*', latencyMs: 120 });

    const runName = uniqueRunName('restart');
    const handle = await client.workflow.start(migrateLedger, {
      taskQueue: settings.taskQueue,
      workflowId: runWorkflowId(runName),
      args: [
        {
          profile: TEST_PROFILE,
          ...liveRun(company, folder, runName),
          batchSize: 2,
          concurrency: 2,
        },
      ],
    });
    const started = Date.now();
    const progress = () =>
      client.withDeadline(Date.now() + 2000, () => handle.query(progressQuery));
    const restarts: string[] = [];
    const outages: number[] = [];

    // 1. Mid-invoices: SIGTERM (the server shuts down as an operator's restart would).
    const invoicesAt = random.int(3, 30);
    await waitFor(
      `${invoicesAt} invoice units`,
      async () => (stepAt(await progress(), 'invoices')?.units.done ?? 0) >= invoicesAt,
      { timeoutMs: 120_000, intervalMs: 50 },
    );
    let down = Date.now();
    await server.stop();
    server = await spawnDevServer(cli.path, options);
    outages.push(Date.now() - down);
    restarts.push(`SIGTERM at invoices ${invoicesAt}+`);

    // 2. Mid-payments: SIGKILL (a crash: no shutdown at all), then the server as usual.
    const paymentsAt = random.int(1, 12);
    await waitFor(
      `${paymentsAt} payment units`,
      async () => {
        const payments = stepAt(await progress(), 'payments');
        return payments?.status === 'running' && payments.units.done >= paymentsAt;
      },
      { timeoutMs: 180_000, intervalMs: 50 },
    );
    down = Date.now();
    await server.kill?.();
    server = await startGraceful();
    outages.push(Date.now() - down);
    restarts.push(`SIGKILL at payments ${paymentsAt}+`);

    // The client's own retries cover a short outage only: poll for the run to close.
    await waitFor(
      'the run to close',
      async () => (await handle.describe()).status.name !== 'RUNNING',
      { timeoutMs: 240_000, intervalMs: 500 },
    );
    const outcome = await handle.result();
    const seconds = Math.round((Date.now() - started) / 1000);
    const audit = await expectRunHeld(
      outcome,
      stack.sandbox,
      stack.worker.credentialsPath as string,
      company,
    );
    const matched = reconciled(await liveOutcomes(stack.worker.runsDir, runName));
    expect(restarts).toHaveLength(2);
    summary('temporal-restart', {
      seed: random.seed,
      restarts: restarts.join('; '),
      outageMs: outages,
      reconciledRows: matched.length,
      duplicates: audit.duplicates.length,
      gaps: audit.gaps.length,
      runSeconds: seconds,
    });
  });
});
