import { spawn } from 'node:child_process';
import { access, constants, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { localToolsBin } from '../config/project-paths.js';

/** The Temporal CLI release the project builds; later tags carry a `replace` directive and cannot be go-installed. */
const TEMPORAL_CLI_MODULE = 'github.com/temporalio/cli/cmd/temporal@v1.5.1';

/** Where a usable Temporal CLI came from, or that the SDK must download one itself. */
export type TemporalCli =
  | { kind: 'binary'; path: string; source: 'TEMPORAL_CLI' | 'PATH' | 'project' | 'built' }
  | { kind: 'sdk-download' };

const executableName = process.platform === 'win32' ? 'temporal.exe' : 'temporal';

async function isExecutable(file: string): Promise<boolean> {
  try {
    await access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

async function findOnPath(name: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (dir && (await isExecutable(path.join(dir, name)))) return path.join(dir, name);
  }
  return undefined;
}

/**
 * Finds an existing Temporal CLI without building anything: `TEMPORAL_CLI`, then `temporal` on PATH,
 * then the project-local build under `.tools/bin`.
 */
export async function findTemporalCli(
  env: NodeJS.ProcessEnv = process.env,
): Promise<Extract<TemporalCli, { kind: 'binary' }> | undefined> {
  const fromEnv = env.TEMPORAL_CLI;
  if (fromEnv) {
    if (!(await isExecutable(fromEnv))) {
      throw new Error(`TEMPORAL_CLI=${fromEnv} is not an executable file`);
    }
    return { kind: 'binary', path: fromEnv, source: 'TEMPORAL_CLI' };
  }
  const onPath = await findOnPath(executableName, env);
  if (onPath) return { kind: 'binary', path: onPath, source: 'PATH' };
  const local = path.join(localToolsBin, executableName);
  if (await isExecutable(local)) return { kind: 'binary', path: local, source: 'project' };
  return undefined;
}

/** Runs `go install` of the pinned CLI into `.tools/bin`, streaming Go's output through `log`. */
async function goInstall(goPath: string, log: (line: string) => void): Promise<string> {
  await mkdir(localToolsBin, { recursive: true });
  log(
    `Building the Temporal CLI (${TEMPORAL_CLI_MODULE}) with Go; the first build takes a few minutes.`,
  );
  await new Promise<void>((resolve, reject) => {
    const child = spawn(goPath, ['install', TEMPORAL_CLI_MODULE], {
      env: { ...process.env, GOBIN: localToolsBin },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`go install ${TEMPORAL_CLI_MODULE} exited with ${code}`)),
    );
  });
  return path.join(localToolsBin, executableName);
}

/**
 * Finds a Temporal CLI, building it with Go when none exists. Without Go, answers `sdk-download`:
 * the Temporal SDK then downloads its own copy when it starts the dev server (needs internet).
 */
export async function ensureTemporalCli(
  log: (line: string) => void = (line) => console.error(line),
): Promise<TemporalCli> {
  const found = await findTemporalCli();
  if (found) return found;
  const go = await findOnPath(process.platform === 'win32' ? 'go.exe' : 'go', process.env);
  if (go) return { kind: 'binary', path: await goInstall(go, log), source: 'built' };
  log('No Temporal CLI and no Go toolchain found: the Temporal SDK will download the CLI.');
  return { kind: 'sdk-download' };
}
