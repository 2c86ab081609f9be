import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { WorkflowBundle } from '@temporalio/worker';
import { nodeArgsToStart, prebuiltBundlePath, runsCompiled } from '../code-form/code-form.js';

/**
 * The workflows' code for a worker in this process's form (src/code-form/code-form.ts): the bundle
 * `npm run build` made for compiled code, or a bundle of the sources made now in a child process.
 * Bundling in the worker's own process leaves webpack in its heap for good, before the first task
 * (docs/benchmarks.md, "Memory"); the child gives all of it back when it exits.
 */
export async function workflowBundleForWorker(): Promise<WorkflowBundle | { codePath: string }> {
  if (!runsCompiled) return bundleWorkflowsApart();
  if (!existsSync(prebuiltBundlePath)) {
    throw new Error(`The workflow bundle ${prebuiltBundlePath} is missing: run \`npm run build\`.`);
  }
  return { codePath: prebuiltBundlePath };
}

/** Bundles the workflows (the entry given, or the project's) in a child process. */
export async function bundleWorkflowsApart(entry?: string): Promise<WorkflowBundle> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [
        ...nodeArgsToStart(new URL('./bundle-workflows-main', import.meta.url)),
        ...(entry ? [entry] : []),
      ],
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
