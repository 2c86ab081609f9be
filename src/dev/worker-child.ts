import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { TemporalSettings } from '../config/temporal-settings.js';
import { optionalWorkerVariables, workerEnvironment } from '../config/worker-environment.js';
import type { WorkerSettings } from '../config/worker-settings.js';
import { workerCommand } from '../worker/worker-command.js';

/** The line the worker prints once it polls its task queues (src/worker/run-worker.ts). */
const POLLING = /polling task queue/;
/** A worker that dies this soon after starting, this many times in a row, is not started again. */
const QUICK_EXIT_MS = 30_000;
const QUICK_EXITS_TOLERATED = 3;

export interface WorkerChild {
  /** The process id of the worker now running (it changes when the worker is started again). */
  readonly pid: number | undefined;
  /** Settles with the process id of the next worker started again, once it polls. */
  restarted(): Promise<number>;
  /** Where the worker's output goes. */
  readonly logFile: string;
  /** Drains the worker (SIGTERM) and waits for it to exit; it is not started again. */
  stop(): Promise<void>;
}

/**
 * The dev stack's worker, in its own process under the same heap cap as `npm run worker`. Answers
 * once the worker polls. A worker that crashes or is killed is started again; one that exits
 * cleanly was drained by a signal (Ctrl-C reaches the whole process group) and stays stopped.
 */
export async function startWorkerChild(options: {
  settings: TemporalSettings;
  worker: WorkerSettings;
  logFile: string;
  log: (line: string) => void;
}): Promise<WorkerChild> {
  await mkdir(path.dirname(options.logFile), { recursive: true });
  const output = createWriteStream(options.logFile, { flags: 'a' });
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of optionalWorkerVariables) delete env[name];
  Object.assign(env, workerEnvironment(options.settings, options.worker));
  const { command, args } = workerCommand();

  let current: ChildProcess | undefined;
  let stopping = false;
  let quickExits = 0;
  // Only a worker that polled once is started again: one that cannot start fails the stack.
  let polledOnce = false;
  let restartWaiters: Array<(pid: number) => void> = [];
  const launch = (): Promise<void> => {
    const startedAt = Date.now();
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    current = child;
    child.stderr?.pipe(output, { end: false });
    const polling = new Promise<void>((resolve, reject) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        output.write(chunk);
        if (!POLLING.test(chunk.toString('utf8'))) return;
        polledOnce = true;
        resolve();
      });
      child.once('exit', (code, signal) => {
        reject(
          new Error(
            `The worker exited before polling (${signal ?? `code ${code}`}); see ${options.logFile}.`,
          ),
        );
        if (stopping || code === 0 || !polledOnce) return;
        quickExits = Date.now() - startedAt < QUICK_EXIT_MS ? quickExits + 1 : 0;
        if (quickExits >= QUICK_EXITS_TOLERATED) {
          options.log(
            `The worker keeps stopping (${signal ?? `code ${code}`}); see ${options.logFile}.`,
          );
          return;
        }
        options.log(`The worker stopped (${signal ?? `code ${code}`}); starting it again.`);
        launch().then(
          () => {
            const waiters = restartWaiters;
            restartWaiters = [];
            for (const waiter of waiters) waiter(current?.pid ?? 0);
          },
          () => undefined,
        );
      });
    });
    return polling;
  };

  await launch();
  return {
    get pid() {
      return current?.pid;
    },
    restarted: () => new Promise((resolve) => restartWaiters.push(resolve)),
    logFile: options.logFile,
    async stop() {
      stopping = true;
      const child = current;
      if (child && child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      output.end();
    },
  };
}
