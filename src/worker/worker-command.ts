import { nodeArgsToStart } from '../code-form/code-form.js';
import { workerNodeFlags } from './node-flags.js';

/**
 * How to start the worker as its own process, as `npm run worker` does: node under the heap cap,
 * on the worker's entry point in this process's form (src/code-form/code-form.ts).
 */
export function workerCommand(): { command: string; args: string[] } {
  return {
    command: process.execPath,
    args: [...workerNodeFlags, ...nodeArgsToStart(new URL('./main', import.meta.url))],
  };
}
