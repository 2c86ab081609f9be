import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../../config/project-paths.js';
import { workerCommand } from '../../worker/worker-command.js';

/** One `ledgerlift worker` process of the cluster. */
export interface ClusterWorker {
  index: number;
  child: ChildProcess;
  /** Resolves with the exit code (null after a signal). */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts a worker process under its heap cap, as `npm run worker` does (src/worker/worker-command.ts:
 * a signal reaches the worker itself), its output appended to `<folder>/worker-<index>.log`, and
 * waits until it polls its task queues.
 */
export async function startClusterWorker(options: {
  folder: string;
  index: number;
  env: NodeJS.ProcessEnv;
  timeoutMs?: number;
}): Promise<ClusterWorker> {
  const log = createWriteStream(path.join(options.folder, `worker-${options.index}.log`), {
    flags: 'a',
  });
  const { command, args } = workerCommand();
  const child = spawn(command, args, {
    cwd: projectRoot,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      log.end();
      resolve(code);
    }),
  );
  let seen = '';
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      log.write(chunk);
      if (seen.length < 64_000) seen += chunk.toString('utf8');
      if (/polling task queue/.test(seen)) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) =>
      reject(new Error(`worker ${options.index} exited (${code}) before polling:\n${seen}`)),
    );
  });
  const timeoutMs = options.timeoutMs ?? 180_000;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`worker ${options.index} did not poll within ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  try {
    await Promise.race([ready, timeout]);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return {
    index: options.index,
    child,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
