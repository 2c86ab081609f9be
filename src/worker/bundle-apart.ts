import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { WorkflowBundle } from '@temporalio/worker';

const bundlerEntry = fileURLToPath(new URL('./bundle-workflows-main.ts', import.meta.url));

/**
 * Bundles the workflows in a child process and answers the code. Bundling in the worker's own
 * process left webpack in its heap for good: 89 MiB of anonymous memory, and 113 MiB more at
 * the peak, before the first task (docs/benchmarks.md, "Memory"). The child gives all of it back
 * when it exits.
 */
export async function bundleWorkflowsApart(entry?: string): Promise<WorkflowBundle> {
  // tsx resolved from here, so the child finds it wherever the worker was started from.
  const tsx = import.meta.resolve('tsx');
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', tsx, bundlerEntry, ...(entry ? [entry] : [])],
      { maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (error) {
          reject(
            new Error(`bundling the workflows failed:\n${stderr.slice(-4000)}`, { cause: error }),
          );
        } else {
          resolve({ code: stdout });
        }
      },
    );
  });
}
