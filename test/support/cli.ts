import path from 'node:path';
import { projectRoot } from '../../src/config/project-paths.js';
import { runCommand } from './processes.js';

/** Runs `ledgerlift` as a consultant would: its own process, its exit code, its output. */
export function runCli(args: string[], env: NodeJS.ProcessEnv = {}) {
  return runCommand(
    process.execPath,
    [path.join(projectRoot, 'bin', 'ledgerlift.js'), ...args],
    env,
  );
}
