#!/usr/bin/env node
// The `ledgerlift` command. Runs the compiled CLI (dist/, made by `npm run build`), the one form
// Ledgerlift ships (src/code-form/code-form.ts); the tests run the sources' src/cli/main.ts instead.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';

/** The worker's heap cap in MiB, as src/worker/worker-command.ts explains; npm run worker passes it too. */
const WORKER_HEAP_MB = 256;
const command = process.argv[2];
const capped =
  v8.getHeapStatistics().heap_size_limit <= (WORKER_HEAP_MB + 64) * 1024 * 1024 ||
  /max-old-space-size/.test(process.env.NODE_OPTIONS ?? '');

if (command === 'worker' && !capped) {
  // Start again under the cap, passing signals on so Ctrl-C and docker stop still drain the worker.
  const child = spawn(
    process.execPath,
    [
      `--max-old-space-size=${WORKER_HEAP_MB}`,
      fileURLToPath(import.meta.url),
      ...process.argv.slice(2),
    ],
    { stdio: 'inherit' },
  );
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  const cli = new URL('../dist/src/cli/main.js', import.meta.url);
  if (!existsSync(fileURLToPath(cli))) {
    console.error('ledgerlift is not built: run `npm run build` first.');
    process.exit(1);
  }
  await import(cli.href);
}
