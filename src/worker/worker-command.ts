import { nodeArgsToStart } from '../code-form/code-form.js';

/**
 * The worker's V8 heap cap, in MiB. Without it V8 sizes the heap from the machine's memory (over
 * 4 GiB here) and lets the garbage of passes over the whole company pile up before it collects,
 * far above what the worker keeps live (docs/benchmarks.md, "Memory"). What the worker keeps does
 * not grow with the company, so the cap bounds its garbage without starving it. Raise
 * it with NODE_OPTIONS for a company whose staging needs more.
 */
export const WORKER_HEAP_MB = 256;

/** Node flags every shipped way of starting the worker passes (package.json, Dockerfile). */
export const workerNodeFlags: readonly string[] = [`--max-old-space-size=${WORKER_HEAP_MB}`];

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
