import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import type { RequestLogEntry, RequestStats } from '../../sandbox/http/request-log.js';
import { projectRoot } from '../../src/config/project-paths.js';
import { connectToSandbox } from '../../src/dev/connect-sandbox.js';
import { freePort } from '../../src/dev/free-port.js';
import { ensureTemporalCli } from '../../src/dev/temporal-cli.js';
import { startDevServer, type RunningDevServer } from '../../src/dev/temporal-dev-server.js';
import type { MigrateLedgerInput } from '../../src/migration/contracts/workflow-types.js';
import type { SourceFormat } from '../../mappings/source-formats.js';
import { workerNodeFlags } from '../../src/worker/worker-command.js';
import { startChild, type Child } from './child.js';

export const BENCH_PROFILE = 'bench';

/**
 * The worker as Ledgerlift ships it (`npm run worker`, src/code-form/code-form.ts): compiled, loading
 * the prebuilt workflow bundle. Run from the sources, tsx and the workflow bundling add about
 * 120 MiB of resident memory at start, and 20 to 40 MiB at the large dry run's peak
 * (docs/benchmarks.md, "The form measured"), that no deployment carries, so the benchmarks measure
 * this form; their npm scripts build it first.
 */
const SHIPPED_WORKER = 'dist/src/worker/main.js';

/**
 * `BENCH_WORKER_CPU_PROFILE=<folder>` writes the worker's CPU profiles there (one per thread) when
 * it stops: the worker as it runs in the benchmark, which a profile of the engine functions in one
 * process (bench/dry-run-profile.ts) does not show.
 */
function workerProfileFlags(): string[] {
  const folder = process.env.BENCH_WORKER_CPU_PROFILE;
  return folder ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(folder)}`] : [];
}

/**
 * `BENCH_WORKER_HEAP_MB=<MiB>` replaces the worker's heap cap (its threads' too), as an operator
 * raises it for a company whose staging needs more (src/worker/node-flags.ts): the flag given last
 * wins.
 */
function workerHeapFlags(): string[] {
  const mb = process.env.BENCH_WORKER_HEAP_MB;
  return mb ? [`--max-old-space-size=${Number(mb)}`] : [];
}

/** Fails with what to do when the compiled form is missing. */
export function requireBuild(): void {
  if (!existsSync(path.join(projectRoot, SHIPPED_WORKER))) {
    throw new Error('The benchmarks run the compiled worker: run `npm run build` first.');
  }
}

/** Rows per bulk call in every benchmark (the API's usual batch). */
export const BENCH_BATCH_SIZE = 25;

/**
 * A migration of a generated company's export in `folder` (the generic layout unless told
 * otherwise), as the benchmarks start it: eight calls in flight per step unless told otherwise.
 */
export function benchRunInput(
  company: { cutoverDate: string; endDate: string },
  folder: string,
  runName: string,
  mode: MigrateLedgerInput['mode'],
  options: { concurrency?: number; profile?: string; format?: SourceFormat } = {},
): MigrateLedgerInput & { batchSize: number; concurrency: number } {
  return {
    runName,
    source: { folder, format: options.format ?? 'generic' },
    profile: options.profile ?? BENCH_PROFILE,
    cutoverDate: company.cutoverDate,
    endDate: company.endDate,
    mode,
    batchSize: BENCH_BATCH_SIZE,
    concurrency: options.concurrency ?? 8,
  };
}

/** A Temporal dev server, a sandbox process and a connected profile, for one benchmark run. */
export interface BenchStack {
  dir: string;
  temporal: RunningDevServer;
  client: Client;
  sandboxUrl: string;
  credentialsPath: string;
  taskQueue: string;
  /**
   * Starts the project's shipped worker as its own process (so its memory is its own); `entry`
   * runs in its place (bench/support/heap-reporting-worker.ts, from the sources).
   */
  startWorker(env: NodeJS.ProcessEnv, entry?: string): Promise<Child>;
  requestStats(): Promise<RequestStats>;
  requestLog(): Promise<RequestLogEntry[]>;
  stop(): Promise<void>;
}

export async function startBenchStack(sandboxArgs: string[]): Promise<BenchStack> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-bench-'));
  const temporal = await startDevServer(await ensureTemporalCli(), {
    port: await freePort(),
    headless: true,
    logFile: path.join(dir, 'temporal.log'),
  });
  const sandboxPort = await freePort();
  const sandbox = await startChild(
    'sandbox/main.ts',
    ['--port', String(sandboxPort), ...sandboxArgs],
    {},
    /listening on/,
  );
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  const credentialsPath = path.join(dir, 'credentials.json');
  await connectToSandbox({ baseUrl: sandboxUrl, profile: BENCH_PROFILE, credentialsPath });
  const connection = await Connection.connect({ address: temporal.address });
  const taskQueue = `bench-${randomUUID().slice(0, 8)}`;
  const workers: Child[] = [];
  const admin = async <T>(route: string, key: string): Promise<T> => {
    const answer = (await (await fetch(`${sandboxUrl}/__sandbox/${route}`)).json()) as {
      data: Record<string, T>;
    };
    return answer.data[key] as T;
  };
  return {
    dir,
    temporal,
    client: new Client({ connection }),
    sandboxUrl,
    credentialsPath,
    taskQueue,
    async startWorker(env, entry = SHIPPED_WORKER) {
      if (entry === SHIPPED_WORKER) requireBuild();
      const worker = await startChild(
        entry,
        [],
        {
          TEMPORAL_ADDRESS: temporal.address,
          LEDGERLIFT_TASK_QUEUE: taskQueue,
          LEDGERLIFT_RUNS_DIR: path.join(dir, 'runs'),
          LEDGERLIFT_SOURCES_ROOT: dir,
          LEDGERLIFT_CREDENTIALS: credentialsPath,
          ...env,
        },
        /polling task queue/,
        [...workerNodeFlags, ...workerHeapFlags(), ...workerProfileFlags()],
      );
      workers.push(worker);
      return worker;
    },
    requestStats: () => admin<RequestStats>('request-stats', 'stats'),
    requestLog: () => admin<RequestLogEntry[]>('requests', 'requests'),
    async stop() {
      for (const worker of workers) await worker.stop();
      await connection.close();
      await sandbox.stop();
      await temporal.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
