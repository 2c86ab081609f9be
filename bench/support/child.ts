import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from '../../src/config/project-paths.js';

export interface Child {
  process: ChildProcess;
  output(): string;
  stop(): Promise<void>;
  /** Peak resident memory in MiB, from /proc (VmHWM), while the process is alive. */
  peakRssMiB(): Promise<number>;
}

/**
 * Starts a project entry point and waits until it prints `ready`: a compiled entry (`dist/...js`)
 * under plain node, as Ledgerlift ships, a TypeScript one under tsx.
 */
export async function startChild(
  entry: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
  nodeFlags: readonly string[] = [],
): Promise<Child> {
  const child = spawn(
    process.execPath,
    [
      ...nodeFlags,
      ...(entry.endsWith('.js') ? [] : ['--import', 'tsx']),
      path.join(projectRoot, entry),
      ...args,
    ],
    {
      cwd: projectRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let text = '';
  const onData = (chunk: Buffer) => (text += chunk.toString('utf8'));
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const check = setInterval(() => {
      if (ready.test(text)) {
        clearInterval(check);
        resolve();
      } else if (child.exitCode !== null) {
        clearInterval(check);
        reject(new Error(`${entry} exited before it was ready:\n${text}`));
      }
    }, 50);
  });
  return {
    process: child,
    output: () => text,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
    async peakRssMiB() {
      const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
      const kib = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
      return Math.round(kib / 1024);
    },
  };
}
