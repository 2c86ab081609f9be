import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rotateLargeLog } from './sdk-log-file.js';
import type { TemporalSettings } from '../config/temporal-settings.js';
import { optionalWorkerVariables, workerEnvironment } from '../config/worker-environment.js';
import type { WorkerSettings } from '../config/worker-settings.js';
import { OWNER_ONLY_FILE } from '../private-files/private-files.js';
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
  rotateLargeLog(options.logFile);
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of optionalWorkerVariables) delete env[name];
  Object.assign(env, workerEnvironment(options.settings, options.worker));
  const supervisor = new WorkerSupervisor(env, options.logFile, options.log);
  await supervisor.launch();
  return supervisor;
}

/** Starts the worker process, and starts it again when it dies. */
class WorkerSupervisor implements WorkerChild {
  private readonly output: WriteStream;
  private current: ChildProcess | undefined;
  private stopping = false;
  private quickExits = 0;
  // Only a worker that polled once is started again: one that cannot start fails the stack.
  private polledOnce = false;
  private restartWaiters: Array<(pid: number) => void> = [];

  constructor(
    private readonly env: NodeJS.ProcessEnv,
    readonly logFile: string,
    private readonly log: (line: string) => void,
  ) {
    this.output = createWriteStream(logFile, { flags: 'a', mode: OWNER_ONLY_FILE });
  }

  get pid(): number | undefined {
    return this.current?.pid;
  }

  restarted(): Promise<number> {
    return new Promise((resolve) => this.restartWaiters.push(resolve));
  }

  /** Starts a worker; settles once it polls, or fails if it exits first. */
  launch(): Promise<void> {
    const { command, args } = workerCommand();
    const startedAt = Date.now();
    const child = spawn(command, args, { env: this.env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.current = child;
    child.stderr?.pipe(this.output, { end: false });
    return new Promise<void>((resolve, reject) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        this.output.write(chunk);
        if (!POLLING.test(chunk.toString('utf8'))) return;
        this.polledOnce = true;
        resolve();
      });
      child.once('exit', (code, signal) => {
        const how = signal ?? `code ${code}`;
        reject(new Error(`The worker exited before polling (${how}); see ${this.logFile}.`));
        if (this.stopping || code === 0 || !this.polledOnce) return;
        this.quickExits = Date.now() - startedAt < QUICK_EXIT_MS ? this.quickExits + 1 : 0;
        this.startAgain(how);
      });
    });
  }

  private startAgain(how: string): void {
    if (this.quickExits >= QUICK_EXITS_TOLERATED) {
      this.log(`The worker keeps stopping (${how}); see ${this.logFile}.`);
      return;
    }
    this.log(`The worker stopped (${how}); starting it again.`);
    this.launch().then(
      () => {
        const waiters = this.restartWaiters;
        this.restartWaiters = [];
        for (const waiter of waiters) waiter(this.current?.pid ?? 0);
      },
      () => undefined,
    );
  }

  async stop(): Promise<void> {
    this.stopping = true;
    const child = this.current;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    this.output.end();
  }
}
