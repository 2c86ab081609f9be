import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, type WorkerOptions } from '@temporalio/worker';
import { defaultSandboxConfig, startSandbox, type RunningSandbox } from '../../../sandbox/index.js';
import { temporalSettings, type TemporalSettings } from '../../../src/config/temporal-settings.js';
import type { WorkerSettings } from '../../../src/config/worker-settings.js';
import { connectToSandbox } from '../../../src/dev/connect-sandbox.js';
import { freePort } from '../../../src/dev/free-port.js';
import { findTemporalCli, type TemporalCli } from '../../../src/dev/temporal-cli.js';
import { startDevServer, type RunningDevServer } from '../../../src/dev/temporal-dev-server.js';
import { createWorkers, type LedgerliftWorkers } from '../../../src/worker/create-worker.js';
import { createMigrationDeps } from '../../../src/worker/migration-deps.js';
import { waitFor } from '../../support/wait.js';

/** The connection profile the workers hold tokens for, as `ledgerlift connect --profile sandbox`. */
export const UI_PROFILE = 'sandbox';

/**
 * A migration stack a consultant could drive from the Temporal Web UI: its own dev server WITH the
 * UI on free loopback ports (the integration run's shared server is headless), a sandbox connected
 * through its consent flow, and the project's workers on the production task queues (`ledgerlift`
 * and `ledgerlift-api`), which are free to use because nothing else talks to this server.
 */
export interface UiStack {
  temporal: RunningDevServer;
  /** http://127.0.0.1:<port> of the Web UI. */
  uiUrl: string;
  sandbox: RunningSandbox;
  settings: TemporalSettings;
  client: Client;
  /** Scratch folder: credentials, runs, the server's log; callers may put export files here. */
  dir: string;
  close(): Promise<void>;
}

export interface UiStackOptions {
  /** The prebuilt workflow bundle (tests pass `testWorkflowBundle()`); bundles from source if absent. */
  workflowBundle?: WorkerOptions['workflowBundle'];
}

/**
 * Starts the dev server with its UI on free loopback ports. A port free when `freePort()` looked can
 * be taken before the server binds it (by the server's own ephemeral ports, or another process), so
 * a bind conflict is retried on fresh ports; any other failure reports the server's log.
 */
async function startDevServerWithUi(cli: TemporalCli, dir: string): Promise<RunningDevServer> {
  const attempts = 3;
  for (let attempt = 1; ; attempt += 1) {
    // The server's output goes to a file: its shutdown chatter would bury the test's own output.
    const logFile = path.join(dir, `temporal-server-${attempt}.log`);
    try {
      return await startDevServer(cli, {
        port: await freePort(),
        uiPort: await freePort(),
        headless: false,
        logFile,
      });
    } catch (error) {
      const log = await readFile(logFile, 'utf8').catch(() => '');
      if (attempt < attempts && /address already in use/i.test(log)) continue;
      const tail = log.slice(-2000);
      throw new Error(`The dev server with the UI did not start; its log ends:\n${tail}`, {
        cause: error,
      });
    }
  }
}

/** Runs the cleanups in reverse order, all of them, then reports the first failure. */
async function unwind(cleanups: (() => Promise<unknown>)[]): Promise<void> {
  const errors: unknown[] = [];
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length > 0) throw errors[0];
}

export async function startUiStack(options: UiStackOptions = {}): Promise<UiStack> {
  const cli = await findTemporalCli();
  if (!cli) {
    throw new Error(
      'No Temporal CLI found (TEMPORAL_CLI, PATH or .tools/bin/temporal), and this test starts a dev ' +
        'server with the Web UI. Build it with: npm run temporal:install',
    );
  }
  const cleanups: (() => Promise<unknown>)[] = [];
  try {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-ui-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));

    const temporal = await startDevServerWithUi(cli, dir);
    cleanups.push(() => temporal.stop());
    const uiUrl = temporal.uiUrl;
    if (!uiUrl) throw new Error('the dev server was started with its UI but reports no UI URL');
    // startDevServer waits for the gRPC frontend only; the UI's HTTP server comes up on its own.
    await waitFor(
      `the Temporal Web UI at ${uiUrl}`,
      async () => (await fetch(`${uiUrl}/api/v1/settings`)).ok,
      { timeoutMs: 30_000, intervalMs: 200 },
    );

    const config = defaultSandboxConfig();
    config.limits = { ...config.limits, requestsPerWindow: null };
    const sandbox = await startSandbox({ port: 0, config });
    cleanups.push(() => sandbox.close());
    const credentialsPath = path.join(dir, 'credentials.json');
    await connectToSandbox({ baseUrl: sandbox.url, profile: UI_PROFILE, credentialsPath });

    // The settings a worker gets from an empty environment, pointed at this server.
    const settings = temporalSettings({ TEMPORAL_ADDRESS: temporal.address });
    const worker: WorkerSettings = {
      runsDir: path.join(dir, 'runs'),
      requestsPerWindow: 100,
      rateWindowSeconds: 60,
      rateHeadroom: 0.99,
      rateLimited: false,
      ambiguousSettleSeconds: 1,
      runStoreUrl: undefined,
      credentialsPath,
      sourcesRoot: dir,
    };

    const connection = await Connection.connect({ address: temporal.address });
    cleanups.push(() => connection.close());
    const client = new Client({ connection, namespace: settings.namespace });

    const deps = createMigrationDeps(worker);
    cleanups.push(() => deps.close());
    const workerConnection = await NativeConnection.connect({ address: temporal.address });
    cleanups.push(() => workerConnection.close());
    const workers: LedgerliftWorkers = await createWorkers({
      settings,
      worker,
      deps,
      connection: workerConnection,
      ...(options.workflowBundle ? { workflowBundle: options.workflowBundle } : {}),
    });
    const running = workers.run();
    // A worker that fails on its own surfaces when close() awaits it, not as an unhandled rejection.
    running.catch(() => undefined);
    cleanups.push(async () => {
      workers.main.shutdown();
      workers.api.shutdown();
      await running;
    });

    return {
      temporal,
      uiUrl,
      sandbox,
      settings,
      client,
      dir,
      close: () => unwind(cleanups),
    };
  } catch (error) {
    await unwind(cleanups).catch(() => undefined);
    throw error;
  }
}
