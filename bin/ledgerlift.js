#!/usr/bin/env node
// The `ledgerlift` command. Runs the compiled CLI (dist/, made by `npm run build`); a checkout that
// has not been built runs the TypeScript sources through tsx, a development dependency.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';

/** The worker's heap cap in MiB, as src/worker/node-flags.ts explains; npm run worker passes it too. */
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
} else if (compiledIsCurrent()) {
  await import(new URL('../dist/src/cli/main.js', import.meta.url).href);
} else {
  try {
    const { register } = await import('tsx/esm/api');
    register();
  } catch {
    console.error('ledgerlift is not built: run `npm run build` first.');
    process.exit(1);
  }
  await import('../src/cli/main.ts');
}

/**
 * The compiled CLI exists and no source changed since it was built: after an edit, a checkout runs
 * the sources (through tsx) rather than yesterday's build. About 400 files: a few milliseconds.
 */
function compiledIsCurrent() {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const built = `${root}dist/.tsbuildinfo`;
  if (!existsSync(`${root}dist/src/cli/main.js`) || !existsSync(built)) return false;
  if (!existsSync(`${root}src`)) return true;
  const builtAt = statSync(built).mtimeMs;
  const newer = (dir) =>
    readdirSync(dir, { withFileTypes: true }).some((entry) =>
      entry.isDirectory()
        ? newer(`${dir}/${entry.name}`)
        : entry.name.endsWith('.ts') && statSync(`${dir}/${entry.name}`).mtimeMs > builtAt,
    );
  return !['src', 'workflows', 'activities', 'mappings', 'sandbox'].some(
    (folder) => existsSync(`${root}${folder}`) && newer(`${root}${folder}`),
  );
}
