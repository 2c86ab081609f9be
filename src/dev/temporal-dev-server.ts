import { spawn } from 'node:child_process';
import { openSync, closeSync } from 'node:fs';
import path from 'node:path';
import { ledgerliftSearchAttributes } from '../../workflows/search-attributes.js';
import { makePrivateFolder, OWNER_ONLY_FILE } from '../private-files/private-files.js';
import type { TemporalCli } from './temporal-cli.js';
import { waitForFrontend } from './wait-for-frontend.js';

export interface DevServerOptions {
  /** gRPC port (default 7233). */
  port?: number;
  /** Web UI port (default 8233); ignored when `headless`. */
  uiPort?: number;
  /** SQLite file that persists workflows across restarts; in memory when omitted. */
  dbFile?: string;
  headless?: boolean;
  namespace?: string;
  /** The server's own log level (default: only warnings and errors). */
  logLevel?: 'debug' | 'info' | 'warn' | 'error';
  /** Appends the server's output to this file instead of this process's stdout and stderr. */
  logFile?: string;
}

export interface RunningDevServer {
  address: string;
  uiUrl: string | undefined;
  namespace: string;
  stop(): Promise<void>;
}

/**
 * One task-queue partition, so the server-side activity rate limit is enforced by one matcher
 * and cannot burst across four (the default) partitions.
 */
const singlePartitionArgs = [
  '--dynamic-config-value',
  'matching.numTaskqueueReadPartitions=1',
  '--dynamic-config-value',
  'matching.numTaskqueueWritePartitions=1',
];

/**
 * Task-queue fairness, so runs sharing the API queue get its pace in proportion to their weights
 * (workflows/activity-proxies.ts sets each call's fairness key and weight). Without it the server
 * serves the backlog first come, first served and one large run starves the others. The dev server
 * takes no per-queue constraint on the command line, so it is on for every queue here; the cluster's
 * file, deploy/temporal/dynamicconfig/ledgerlift.yaml, scopes it to the API queue.
 */
const fairnessArgs = ['--dynamic-config-value', 'matching.enableFairness=true'];

/** Every dynamic config value Ledgerlift needs of a dev server. */
export const ledgerliftDynamicConfigArgs = [...singlePartitionArgs, ...fairnessArgs];

function searchAttributeArgs(): string[] {
  const typeNames: Record<string, string> = { KEYWORD: 'Keyword', INT: 'Int', TEXT: 'Text' };
  return ledgerliftSearchAttributes.flatMap((key) => [
    '--search-attribute',
    `${key.name}=${typeNames[key.type] ?? key.type}`,
  ]);
}

/** The `temporal server start-dev` argument list for these options (pure, so it is unit-tested). */
export function devServerArgs(options: DevServerOptions): string[] {
  const port = options.port ?? 7233;
  const args = [
    'server',
    'start-dev',
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    '--namespace',
    options.namespace ?? 'default',
    '--log-level',
    options.logLevel ?? 'warn',
    ...ledgerliftDynamicConfigArgs,
    ...searchAttributeArgs(),
  ];
  if (options.dbFile) args.push('--db-filename', options.dbFile);
  if (options.headless) args.push('--headless');
  else args.push('--ui-port', String(options.uiPort ?? port + 1000));
  return args;
}

async function startBinary(cliPath: string, options: DevServerOptions): Promise<RunningDevServer> {
  if (options.dbFile) await makePrivateFolder(path.dirname(options.dbFile));
  const port = options.port ?? 7233;
  const address = `127.0.0.1:${port}`;
  if (options.logFile) await makePrivateFolder(path.dirname(options.logFile));
  const output = options.logFile ? openSync(options.logFile, 'a', OWNER_ONLY_FILE) : 'inherit';
  const child = spawn(cliPath, devServerArgs(options), { stdio: ['ignore', output, output] });
  if (typeof output === 'number') closeSync(output);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitForFrontend(address, child, 60_000, 'The Temporal dev server');
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    address,
    namespace: options.namespace ?? 'default',
    uiUrl: options.headless ? undefined : `http://127.0.0.1:${options.uiPort ?? port + 1000}`,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function startWithSdkDownload(options: DevServerOptions): Promise<RunningDevServer> {
  // A development package, loaded only on this path: with no Temporal CLI and no Go, the SDK's
  // test helper downloads the CLI. Production images never start a dev server.
  const { TestWorkflowEnvironment } = await import('@temporalio/testing').catch(() => {
    throw new Error(
      'No Temporal CLI: install Go (npm run temporal:install builds it) or set TEMPORAL_CLI.',
    );
  });
  const env = await TestWorkflowEnvironment.createLocal({
    server: {
      executable: { type: 'cached-download' },
      ip: '127.0.0.1',
      port: options.port ?? 7233,
      namespace: options.namespace ?? 'default',
      ...(options.dbFile ? { dbFilename: options.dbFile } : {}),
      ui: !options.headless,
      ...(options.headless ? {} : { uiPort: options.uiPort ?? (options.port ?? 7233) + 1000 }),
      extraArgs: ledgerliftDynamicConfigArgs,
      searchAttributes: [...ledgerliftSearchAttributes],
    },
  });
  return {
    address: env.address,
    namespace: options.namespace ?? 'default',
    uiUrl: options.headless
      ? undefined
      : `http://127.0.0.1:${options.uiPort ?? (options.port ?? 7233) + 1000}`,
    stop: () => env.teardown(),
  };
}

/** Starts the Temporal dev server with the project's settings and waits until it answers. */
export async function startDevServer(
  cli: TemporalCli,
  options: DevServerOptions = {},
): Promise<RunningDevServer> {
  return cli.kind === 'binary' ? startBinary(cli.path, options) : startWithSdkDownload(options);
}
