import net from 'node:net';
import path from 'node:path';
import { defaultSandboxConfig, startSandbox, type RunningSandbox } from '../../sandbox/index.js';
import type { TemporalSettings } from '../config/temporal-settings.js';
import { makePrivateFolder } from '../private-files/private-files.js';
import {
  DEFAULT_AMBIGUOUS_SETTLE_SECONDS,
  type WorkerSettings,
} from '../config/worker-settings.js';
import { connectToSandbox, sandboxWorkspaceFor } from './connect-sandbox.js';
import { freePort } from './free-port.js';
import { ensureTemporalCli } from './temporal-cli.js';
import { startDevServer, type RunningDevServer } from './temporal-dev-server.js';
import { startWorkerChild, type WorkerChild } from './worker-child.js';

export interface EmbeddedStackOptions {
  /** Where the stack keeps its state (Temporal's SQLite file, runs, credentials). */
  dataDir: string;
  temporalPort?: number;
  uiPort?: number;
  sandboxPort?: number;
  /** Keep the sandbox's data in this file across restarts (in memory when omitted). */
  sandboxDataFile?: string;
  /** The sandbox counts its 100 requests over this window (default 60 s, as the real API). */
  sandboxWindowMs?: number;
  /** Profile the sandbox is connected as. */
  profile?: string;
  /** A sandbox workspace in this currency and country instead of the default USD one (US). */
  workspace?: { currency: string; country: string };
  log?: (line: string) => void;
}

export interface EmbeddedStack {
  temporal: RunningDevServer;
  sandbox: RunningSandbox;
  settings: TemporalSettings;
  worker: WorkerSettings;
  /** The worker's own process, under the same heap cap as `npm run worker`. */
  workerProcess: WorkerChild;
  profile: string;
  /** The sandbox workspace the profile is connected to. */
  workspace: { currency: string; country: string };
  stop(): Promise<void>;
}

/** The preferred port when it is free, else any free port (so a second stack still starts). */
async function portOrFree(preferred: number): Promise<number> {
  const free = await new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(preferred, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
  return free ? preferred : freePort();
}

/**
 * Everything a consultant needs on one machine: the Temporal dev server with its Web UI, the
 * Partner API sandbox (connected through its consent flow as profile `sandbox`), and a worker,
 * paced to the sandbox's limit, in its own process (src/dev/worker-child.ts).
 */
export async function startEmbeddedStack(options: EmbeddedStackOptions): Promise<EmbeddedStack> {
  const log = options.log ?? ((line: string) => console.log(line));
  const profile = options.profile ?? 'sandbox';
  // Temporal's database, the logs and the runs all live here: owner-only, whatever the umask.
  await makePrivateFolder(options.dataDir);
  const temporalPort = await portOrFree(options.temporalPort ?? 7233);
  const uiPort = await portOrFree(options.uiPort ?? temporalPort + 1000);
  const sandboxPort = await portOrFree(options.sandboxPort ?? 4010);

  const temporal = await startDevServer(await ensureTemporalCli(log), {
    port: temporalPort,
    uiPort,
    dbFile: path.join(options.dataDir, 'temporal', 'dev.db'),
    logFile: path.join(options.dataDir, 'temporal', 'server.log'),
  });
  const config = defaultSandboxConfig();
  if (options.workspace) {
    config.workspaces = [
      sandboxWorkspaceFor(options.workspace.currency, options.workspace.country),
    ];
  }
  // The profile is connected to this workspace even when the data file holds others from earlier.
  const workspaceId = config.workspaces[0]?.id;
  const windowMs = options.sandboxWindowMs ?? config.limits.windowMs;
  config.limits = { ...config.limits, windowMs };
  const sandbox = await startSandbox({
    port: sandboxPort,
    config,
    ...(options.sandboxDataFile ? { dataFile: options.sandboxDataFile } : {}),
  });
  const credentialsPath = path.join(options.dataDir, 'credentials.json');
  try {
    await connectToSandbox({
      baseUrl: sandbox.url,
      profile,
      credentialsPath,
      ...(workspaceId ? { workspaceId } : {}),
    });
    const settings: TemporalSettings = {
      address: temporal.address,
      namespace: temporal.namespace,
      taskQueue: 'ledgerlift',
      apiTaskQueue: 'ledgerlift-api',
    };
    const worker = devWorkerSettings(options.dataDir, credentialsPath, config.limits);
    const workerProcess = await startWorkerChild({
      settings,
      worker,
      logFile: path.join(options.dataDir, 'logs', 'worker.log'),
      log,
    });
    return {
      temporal,
      sandbox,
      settings,
      worker,
      workerProcess,
      profile,
      workspace: {
        currency: config.workspaces[0]?.currency ?? 'USD',
        country: config.workspaces[0]?.country ?? 'US',
      },
      async stop() {
        // Ctrl-C reaches the worker too (same process group), which may already be draining.
        await workerProcess.stop();
        await sandbox.close();
        await temporal.stop();
      },
    };
  } catch (error) {
    await sandbox.close();
    await temporal.stop();
    throw error;
  }
}

/** The dev worker's settings: paced to the sandbox's limit, its runs in the stack's data folder. */
function devWorkerSettings(
  dataDir: string,
  credentialsPath: string,
  limits: { requestsPerWindow: number | null; windowMs: number },
): WorkerSettings {
  return {
    runsDir: path.join(dataDir, 'runs'),
    // Paced to the sandbox's own limit and window.
    requestsPerWindow: limits.requestsPerWindow ?? 100,
    rateWindowSeconds: limits.windowMs / 1000,
    rateHeadroom: 0.99,
    rateLimited: true,
    // A dry run estimates the live run against the real API (the spec: 100 requests a minute).
    liveApiLimit: { requestsPerWindow: 100, rateWindowSeconds: 60 },
    ambiguousSettleSeconds: DEFAULT_AMBIGUOUS_SETTLE_SECONDS,
    runStoreUrl: undefined,
    credentialsPath,
    // The dev stack is one consultant's, on loopback: it reads their exports wherever they keep
    // them, unless they choose a root (docs/deploy.md, "Sources root").
    sourcesRoot: path.resolve(
      process.env.LEDGERLIFT_SOURCES_ROOT ?? path.parse(process.cwd()).root,
    ),
  };
}
