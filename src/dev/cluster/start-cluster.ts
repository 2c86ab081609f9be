import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { projectRoot } from '../../config/project-paths.js';
import { ledgerliftSearchAttributes } from '../../../workflows/search-attributes.js';
import { freePort } from '../free-port.js';
import { ensureTemporalCli } from '../temporal-cli.js';
import { startClusterWorker, type ClusterWorker } from './cluster-worker.js';
import { startPrivatePostgres, type PrivatePostgres } from './private-postgres.js';
import { ensureTemporalServer } from './temporal-server-build.js';
import { temporalServerConfig, type TemporalServerPorts } from './temporal-server-config.js';
import { waitForFrontend } from '../wait-for-frontend.js';

/** The file the compose stack's `temporal` service reads too: fairness, one partition. */
const sharedDynamicConfigFile = path.join(
  projectRoot,
  'deploy',
  'temporal',
  'dynamicconfig',
  'ledgerlift.yaml',
);

/** The run store's database; Temporal's are `temporal` and `temporal_visibility`. */
const RUN_STORE_DATABASE = 'ledgerlift';

export interface ClusterOptions {
  /** Holds PostgreSQL's data, the server's config, every log; reused by the next start. */
  folder: string;
  /** Temporal frontend port; the server's other ports follow it (serverPortsFrom). */
  port?: number;
  /** PostgreSQL port (default: a free one). */
  postgresPort?: number;
  /** Worker processes to start (default 2). */
  workers?: number;
  /** The workers' environment beyond Temporal and the run store (API pace, credentials...). */
  workerEnv?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}

export interface RunningCluster {
  address: string;
  namespace: string;
  postgres: PrivatePostgres;
  /** The run store every worker shares (holds the password: never log it). */
  runStoreUrl: string;
  workers: ClusterWorker[];
  /** Starts one more worker process with the cluster's environment. */
  addWorker(): Promise<ClusterWorker>;
  stop(): Promise<void>;
}

/**
 * The server's ports, laid out from the frontend's as in Temporal's own development config. Below
 * 32768 on purpose: the server stores membership ports in a smallint column, so an ephemeral port
 * from the OS is refused.
 */
function serverPortsFrom(frontend: number): TemporalServerPorts {
  return {
    frontend,
    history: frontend + 1,
    matching: frontend + 2,
    worker: frontend + 6,
    frontendHttp: frontend + 10,
    frontendMembership: frontend + 100,
    historyMembership: frontend + 101,
    matchingMembership: frontend + 102,
    workerMembership: frontend + 106,
  };
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A frontend port from 20000 to 32000 whose whole layout is free now (tries a bounded number). */
async function freeFrontendPort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const candidate = 20_000 + Math.floor(Math.random() * 1_200) * 10;
    const ports = Object.values(serverPortsFrom(candidate));
    const free = await Promise.all(ports.map(portIsFree));
    if (free.every(Boolean)) return candidate;
  }
  throw new Error('No free block of ports for the Temporal server from 20000 to 32000');
}

export interface TemporalServerOptions {
  /** The `temporal-server` binary (any release whose config this project's generator fits). */
  binary: string;
  /** Holds the server's config and its log, `temporal-server.log`. */
  folder: string;
  /** Temporal frontend port; the server's other ports follow it (default: a free layout). */
  frontendPort?: number;
  persistence: { postgres: PrivatePostgres } | { sqliteInMemory: true };
}

export interface RunningTemporalServer {
  /** The frontend's host:port on loopback. */
  address: string;
  stop(): Promise<void>;
}

/**
 * Starts a Temporal server process on loopback with this project's config and the shared dynamic
 * config file, and waits until its frontend answers. Schemas and namespaces are the caller's.
 */
export async function startTemporalServer(
  options: TemporalServerOptions,
): Promise<RunningTemporalServer> {
  const ports = serverPortsFrom(options.frontendPort ?? (await freeFrontendPort()));
  const configDir = path.join(options.folder, 'temporal-config');
  mkdirSync(configDir, { recursive: true });
  writeFileSync(
    path.join(configDir, 'ledgerlift.yaml'),
    temporalServerConfig({
      ports,
      dynamicConfigFile: sharedDynamicConfigFile,
      ...('postgres' in options.persistence
        ? { postgres: options.persistence.postgres }
        : { sqliteInMemory: true }),
    }),
    { mode: 0o600 },
  );
  const serverLog = openSync(path.join(options.folder, 'temporal-server.log'), 'a');
  const server = spawn(
    options.binary,
    [
      '--root',
      options.folder,
      '--config',
      'temporal-config',
      '--env',
      'ledgerlift',
      '--allow-no-auth',
      'start',
    ],
    { stdio: ['ignore', serverLog, serverLog] },
  );
  closeSync(serverLog);
  const serverExited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const stop = async () => {
    if (server.exitCode === null) server.kill('SIGTERM');
    await serverExited;
  };
  const address = `127.0.0.1:${ports.frontend}`;
  try {
    await waitForFrontend(address, server, 120_000, 'temporal-server');
  } catch (error) {
    await stop();
    throw error;
  }
  return { address, stop };
}

function sqlTool(tool: string, postgres: PrivatePostgres, database: string, args: string[]) {
  const result = spawnSync(
    tool,
    [
      '--plugin',
      'postgres12',
      '--ep',
      '127.0.0.1',
      '-p',
      String(postgres.port),
      '-u',
      postgres.user,
      '--db',
      database,
      ...args,
    ],
    // The password goes by environment, never on a command line `ps` shows.
    { env: { ...process.env, SQL_PASSWORD: postgres.password }, encoding: 'utf8' },
  );
  if (result.status !== 0) {
    throw new Error(
      `temporal-sql-tool ${args[0]} on ${database} failed: ${result.stderr || result.stdout}`,
    );
  }
}

/** Creates or upgrades Temporal's two schemas (idempotent: the tool skips applied versions). */
function setUpTemporalSchemas(tool: string, postgres: PrivatePostgres) {
  for (const [database, schema] of [
    ['temporal', 'postgresql/v12/temporal'],
    ['temporal_visibility', 'postgresql/v12/visibility'],
  ] as const) {
    sqlTool(tool, postgres, database, ['setup-schema', '-v', '0.0']);
    sqlTool(tool, postgres, database, ['update-schema', '--schema-name', schema]);
  }
}

/**
 * The namespace and the search attributes, by the compose stack's own one-shot script
 * (deploy/temporal/setup.sh), run with the project's Temporal CLI.
 */
async function setUpNamespace(address: string, namespace: string, logFile: string) {
  const cli = await ensureTemporalCli();
  if (cli.kind !== 'binary')
    throw new Error('The cluster needs the Temporal CLI: npm run temporal:install');
  const typeNames: Record<string, string> = { KEYWORD: 'Keyword', INT: 'Int', TEXT: 'Text' };
  const attributes = ledgerliftSearchAttributes
    .map((key) => `${key.name}=${typeNames[key.type] ?? key.type}`)
    .join(' ');
  const out = openSync(logFile, 'a');
  const result = spawnSync('sh', [path.join(projectRoot, 'deploy', 'temporal', 'setup.sh')], {
    env: {
      ...process.env,
      TEMPORAL_ADDRESS: address,
      TEMPORAL_NAMESPACE: namespace,
      TEMPORAL_CLI: cli.path,
      LEDGERLIFT_SEARCH_ATTRIBUTES: attributes,
    },
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  if (result.status !== 0) throw new Error(`deploy/temporal/setup.sh failed: see ${logFile}`);
}

/**
 * A real Temporal cluster without Docker: a private PostgreSQL on loopback holding Temporal's two
 * databases and the run store's, the Temporal server (built with Go, cached in .tools/) on the
 * shared dynamic config, and N `ledgerlift worker` processes on the PostgreSQL run store.
 */
export async function startCluster(options: ClusterOptions): Promise<RunningCluster> {
  const log = options.log ?? (() => {});
  const folder = path.resolve(options.folder);
  mkdirSync(folder, { recursive: true });
  const tools = await ensureTemporalServer(log);
  const postgresPort = options.postgresPort ?? (await freePort());
  log(`PostgreSQL on 127.0.0.1:${postgresPort} (${path.join(folder, 'postgres')})`);
  const postgres = await startPrivatePostgres({
    folder: path.join(folder, 'postgres'),
    port: postgresPort,
  });
  const stopping: Array<() => Promise<unknown>> = [() => postgres.stop()];
  const stop = async () => {
    for (const step of stopping.reverse()) await step().catch(() => {});
  };
  try {
    for (const database of ['temporal', 'temporal_visibility', RUN_STORE_DATABASE]) {
      await postgres.ensureDatabase(database);
    }
    setUpTemporalSchemas(tools.sqlTool, postgres);

    const server = await startTemporalServer({
      binary: tools.server,
      folder,
      frontendPort: options.port,
      persistence: { postgres },
    });
    stopping.push(() => server.stop());
    const { address } = server;
    log(`Temporal server ${address} (log: ${path.join(folder, 'temporal-server.log')})`);
    const namespace = 'default';
    await setUpNamespace(address, namespace, path.join(folder, 'temporal-setup.log'));

    const runStoreUrl = postgres.url(RUN_STORE_DATABASE);
    const workerEnv: NodeJS.ProcessEnv = {
      ...options.workerEnv,
      TEMPORAL_ADDRESS: address,
      TEMPORAL_NAMESPACE: namespace,
      LEDGERLIFT_RUN_STORE_URL: runStoreUrl,
    };
    const workers: ClusterWorker[] = [];
    const addWorker = async () => {
      const worker = await startClusterWorker({
        folder,
        index: workers.length + 1,
        env: workerEnv,
      });
      workers.push(worker);
      return worker;
    };
    stopping.push(() => Promise.all(workers.map((worker) => worker.stop())));
    // One at a time: each bundles the workflows on start, which takes a core for seconds.
    for (let i = 0; i < (options.workers ?? 2); i += 1) await addWorker();
    log(`${workers.length} workers on the PostgreSQL run store (logs: ${folder}/worker-N.log)`);
    return { address, namespace, postgres, runStoreUrl, workers, addWorker, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
