import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { WorkflowBundle, WorkflowBundleOption } from '@temporalio/worker';
import { prebuiltBundle, runsCompiled } from './workflows-path.js';

const bundlerEntry = fileURLToPath(
  new URL(
    runsCompiled ? './bundle-workflows-main.js' : './bundle-workflows-main.ts',
    import.meta.url,
  ),
);

/**
 * The workflows' code for a worker: the bundle `npm run build` made, or else a bundle made now in a
 * child process. Bundling in the worker's own process left webpack in its heap for good: 89 MiB of
 * anonymous memory, and 113 MiB more at the peak, before the first task (docs/benchmarks.md,
 * "Memory"). The child gives all of it back when it exits.
 */
export async function workflowBundleForWorker(): Promise<WorkflowBundleOption> {
  const prebuilt = prebuiltBundle();
  return prebuilt ? { codePath: prebuilt } : bundleWorkflowsApart();
}

/** Bundles the workflows (the entry given, or the project's) in a child process. */
export async function bundleWorkflowsApart(entry?: string): Promise<WorkflowBundle> {
  // Sources need tsx in the child (resolved from here, wherever the worker was started from).
  const loader = runsCompiled ? [] : ['--import', import.meta.resolve('tsx')];
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [...loader, bundlerEntry, ...(entry ? [entry] : [])],
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
