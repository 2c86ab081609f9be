import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { inject } from 'vitest';
import { projectRoot } from '../../src/config/project-paths.js';
import '../setup/provided-context.js';

export interface RunningProcess {
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr interleaved). */
  output(): string;
  /** Resolves when a line matching `pattern` has been printed; rejects if the process exits first. */
  waitFor(pattern: RegExp): Promise<string>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * The compiled form of a project entry point (`src/cli/main.ts`), as the test run's global setup
 * compiled it from today's sources (test/setup/compiled-programs.ts).
 */
export function compiledProgram(entry: string): string {
  return path.join(inject('programsRoot'), entry.replace(/\.ts$/, '.js'));
}

/** Starts a project entry point (`src/worker/main.ts`) compiled, as Ledgerlift ships it. */
export function startProgram(
  entry: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
  options: { group?: boolean; nodeFlags?: readonly string[] } = {},
): RunningProcess {
  const child = spawn(
    process.execPath,
    [...(options.nodeFlags ?? []), compiledProgram(entry), ...args],
    {
      cwd: projectRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: stop() then reaches the servers it started too (a dev stack).
      detached: options.group === true,
    },
  );
  let text = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );

  return {
    child,
    output: () => text,
    waitFor(pattern) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(text);
          if (match) {
            listeners.delete(check);
            resolve(match[0]);
          }
        };
        listeners.add(check);
        check();
        void exited.then((code) => {
          if (listeners.has(check)) {
            listeners.delete(check);
            reject(new Error(`${entry} exited (${code}) before printing ${pattern}:\n${text}`));
          }
        });
      });
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) {
        if (options.group && child.pid) process.kill(-child.pid, signal);
        else child.kill(signal);
      }
      return exited;
    },
  };
}

/** Runs a command to completion and returns its exit code and output. */
export function runCommand(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: projectRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}
