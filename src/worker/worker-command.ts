import { fileURLToPath } from 'node:url';
import { workerNodeFlags } from './node-flags.js';
import { runsCompiled } from './workflows-path.js';

/**
 * How to start the worker as its own process, as `npm run worker` does: node under the heap cap,
 * on the compiled entry point when this process runs compiled code, else on the sources through
 * tsx (tests, and a checkout run before `npm run build`, as bin/ledgerlift.js decides).
 */
export function workerCommand(): { command: string; args: string[] } {
  const entry = fileURLToPath(new URL(runsCompiled ? './main.js' : './main.ts', import.meta.url));
  return {
    command: process.execPath,
    args: [...workerNodeFlags, ...(runsCompiled ? [] : ['--import', 'tsx']), entry],
  };
}
