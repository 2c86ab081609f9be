import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { bundleWorkflowCode } from '@temporalio/worker';
import type { TestProject } from 'vitest/node';
import { ensureTemporalCli } from '../../src/dev/temporal-cli.js';
import { ledgerliftDynamicConfigArgs } from '../../src/dev/temporal-dev-server.js';
import { workflowsPath } from '../../src/code-form/code-form.js';
import { ledgerliftSearchAttributes } from '../../workflows/search-attributes.js';
import { compilePrograms } from './compiled-programs.js';
import './provided-context.js';

/**
 * Starts one real Temporal dev server for the integration run (or uses TEMPORAL_ADDRESS), bundles
 * the workflows once, and compiles the programs tests start, the bundle beside them where compiled
 * code looks for it (src/code-form/code-form.ts). Tears all of it down at the end.
 */
export default async function setup(project: TestProject) {
  let env: TestWorkflowEnvironment | undefined;
  let address = process.env.TEMPORAL_ADDRESS;
  if (!address) {
    // One Go thread running code: on two cores the server's idle threads spinning for work took CPU
    // the tests need (a migration test's server CPU 6.9 -> 5.5 s, docs/benchmarks.md, "The test
    // suite"). Inherited by the servers tests start themselves (the dev stack, a server restart).
    process.env.GOMAXPROCS ??= '1';
    const cli = await ensureTemporalCli();
    env = await TestWorkflowEnvironment.createLocal({
      server: {
        executable:
          cli.kind === 'binary'
            ? { type: 'existing-path', path: cli.path }
            : { type: 'cached-download' },
        ip: '127.0.0.1',
        extraArgs: ledgerliftDynamicConfigArgs,
        searchAttributes: [...ledgerliftSearchAttributes],
      },
    });
    address = env.address;
  }

  const programs = await compilePrograms();
  const bundlePath = path.join(programs.root, 'workflow-bundle.js');
  const { code } = await bundleWorkflowCode({ workflowsPath, logger: quietLogger });
  await writeFile(bundlePath, code);

  project.provide('temporalAddress', address);
  project.provide('workflowBundlePath', bundlePath);
  project.provide('programsRoot', programs.root);

  return async () => {
    await env?.teardown();
    await programs.remove();
  };
}

/** webpack's progress output adds nothing to a test run; warnings and errors still show. */
const quietLogger = {
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  log: () => undefined,
  warn: (message: string) => console.warn(message),
  error: (message: string) => console.error(message),
};
