import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Client, WorkflowHandleWithFirstExecutionRunId } from '@temporalio/client';
import type { NativeConnection } from '@temporalio/worker';
import {
  defaultSandboxConfig,
  startSandbox,
  type RunningSandbox,
  type SandboxConfig,
  type SandboxLimits,
} from '../../sandbox/index.js';
import type { TemporalSettings } from '../../src/config/temporal-settings.js';
import type { WorkerSettings } from '../../src/config/worker-settings.js';
import { connectToSandbox } from '../../src/dev/connect-sandbox.js';
import { runWorkflowId } from '../../src/migration/contracts/run-name.js';
import type { MigrateLedgerInput } from '../../src/migration/contracts/workflow-types.js';
import type { GeneratedCompany } from '../../src/synthetic-company/company-generator.js';
import { createWorkers, type LedgerliftWorkers } from '../../src/worker/create-worker.js';
import { createMigrationDeps } from '../../src/worker/migration-deps.js';
import { migrateLedger } from '../../workflows/migrate-ledger.js';
import {
  connectClient,
  connectWorkerConnection,
  testSettings,
  testWorkflowBundle,
} from './temporal.js';

export const TEST_PROFILE = 'test';

/**
 * A `configure` for `startMigrationStack`: the sandbox's workspace keeps its books in CAD at the
 * given rates, which foreign-currency tests choose unlike the legacy books' on purpose.
 */
export function cadWorkspace(
  exchangeRates: NonNullable<SandboxConfig['workspaces'][number]['exchangeRates']>,
): (config: SandboxConfig) => void {
  return (config) => {
    const [workspace] = config.workspaces;
    if (!workspace) throw new Error('the sandbox has no workspace');
    workspace.currency = 'CAD';
    workspace.country = 'CA';
    workspace.exchangeRates = exchangeRates;
  };
}

/**
 * Everything a migration needs, for real: a sandbox on a free loopback port, a profile connected
 * through the real consent flow, and the project's workers on the test run's Temporal dev server.
 */
export interface MigrationStack {
  sandbox: RunningSandbox;
  settings: TemporalSettings;
  worker: WorkerSettings;
  client: Client;
  dir: string;
  /** Starts a migration with the workflow id its run name implies. */
  start(
    input: Partial<MigrateLedgerInput> &
      Pick<MigrateLedgerInput, 'runName' | 'source' | 'mode' | 'cutoverDate'>,
  ): Promise<WorkflowHandleWithFirstExecutionRunId<typeof migrateLedger>>;
  /** Starts the in-process workers (again, after `stopWorkers`). */
  startWorkers(): Promise<void>;
  stopWorkers(): Promise<void>;
  close(): Promise<void>;
}

export async function startMigrationStack(
  options: {
    limits?: Partial<SandboxLimits>;
    worker?: Partial<WorkerSettings>;
    inProcessWorkers?: boolean;
    /** Changes the sandbox's configuration before it starts (a CAD workspace, exchange rates...). */
    configure?: (config: SandboxConfig) => void;
  } = {},
): Promise<MigrationStack> {
  const config = defaultSandboxConfig();
  options.configure?.(config);
  config.limits = { ...config.limits, requestsPerWindow: null, ...options.limits };
  const sandbox = await startSandbox({ port: 0, config });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-stack-'));
  const credentialsPath = path.join(dir, 'credentials.json');
  await connectToSandbox({ baseUrl: sandbox.url, profile: TEST_PROFILE, credentialsPath });
  const settings = testSettings('migrate');
  const worker: WorkerSettings = {
    runsDir: path.join(dir, 'runs'),
    requestsPerWindow: 100,
    rateWindowSeconds: 60,
    rateHeadroom: 0.99,
    rateLimited: false,
    // The sandbox applies a write before it drops the connection: a short settle suffices here.
    ambiguousSettleSeconds: 2,
    runStoreUrl: undefined,
    credentialsPath,
    // Tests write their exports into the stack's scratch folder.
    sourcesRoot: dir,
    ...options.worker,
  };
  const { client, connection: clientConnection } = await connectClient(settings);
  let running:
    | {
        workers: LedgerliftWorkers;
        done: Promise<void>;
        connection: NativeConnection;
        close: () => Promise<void>;
      }
    | undefined;

  const startWorkers = async () => {
    const deps = createMigrationDeps(worker);
    const connection = await connectWorkerConnection(settings);
    const workers = await createWorkers({
      settings,
      worker,
      deps,
      connection,
      workflowBundle: testWorkflowBundle(),
    });
    running = { workers, done: workers.run(), connection, close: () => deps.close() };
  };
  const stopWorkers = async () => {
    if (!running) return;
    const current = running;
    running = undefined;
    current.workers.main.shutdown();
    current.workers.api.shutdown();
    await current.done;
    await current.close();
    await current.connection.close();
  };
  if (options.inProcessWorkers !== false) await startWorkers();

  return {
    sandbox,
    settings,
    worker,
    client,
    dir,
    start: (input) =>
      client.workflow.start(migrateLedger, {
        taskQueue: settings.taskQueue,
        workflowId: runWorkflowId(input.runName),
        args: [{ profile: TEST_PROFILE, ...input }],
      }),
    startWorkers,
    stopWorkers,
    async close() {
      await stopWorkers();
      await clientConnection.close();
      await sandbox.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The input of a live run over a generated company written as generic CSV into `folder`. */
export function liveRun(
  company: Pick<GeneratedCompany, 'cutoverDate' | 'endDate'>,
  folder: string,
  runName: string,
) {
  return {
    runName,
    source: { folder, format: 'generic' as const },
    cutoverDate: company.cutoverDate,
    endDate: company.endDate,
    mode: 'live' as const,
  };
}

/** A run name no other test uses. */
export function uniqueRunName(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}
