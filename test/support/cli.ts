import path from 'node:path';
import { projectRoot } from '../../src/config/project-paths.js';
import { runCommand } from './processes.js';

/**
 * Runs `ledgerlift` as a consultant would: its own process, its exit code, its output. On the
 * sources through tsx, as tests run everything (src/code-form/code-form.ts), so no build is needed.
 */
export function runCli(args: string[], env: NodeJS.ProcessEnv = {}) {
  return runCommand(
    process.execPath,
    ['--import', 'tsx', path.join(projectRoot, 'src', 'cli', 'main.ts'), ...args],
    env,
  );
}
