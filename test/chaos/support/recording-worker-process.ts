import { pathToFileURL } from 'node:url';
import type { MigrationStack } from '../../support/migration-stack.js';
import type { RunningProcess } from '../../support/processes.js';
import { startWorkerProcess } from '../../support/worker-process.js';

const recorder = pathToFileURL(new URL('./record-connections.ts', import.meta.url).pathname).href;

/**
 * `startWorkerProcess` (the real worker entry point as a child process), with the connection
 * recorder loaded before it through NODE_OPTIONS: every HTTP request and connection the worker
 * makes lands in `connectionsFile`. The recorder is TypeScript, so tsx is registered first; the
 * workflow worker threads inherit NODE_OPTIONS too, and there it is skipped (no tsx loader there,
 * and no API calls either).
 */
export async function startRecordingWorkerProcess(
  stack: MigrationStack,
  connectionsFile: string,
  env: NodeJS.ProcessEnv = {},
): Promise<RunningProcess> {
  const loader =
    `import{isMainThread}from'node:worker_threads';` +
    `if(isMainThread)await import(${JSON.stringify(recorder)});`;
  return startWorkerProcess(stack, {
    NODE_OPTIONS: [
      process.env.NODE_OPTIONS,
      '--import tsx',
      `--import data:text/javascript,${encodeURIComponent(loader)}`,
    ]
      .filter(Boolean)
      .join(' '),
    CHAOS_CONNECTIONS_FILE: connectionsFile,
    ...env,
  });
}
