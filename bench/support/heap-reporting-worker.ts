// The project's worker (src/worker/main.ts), which also answers SIGWINCH with its live heap (SIGUSR2
// shuts a Temporal worker down; a terminal resize signal is otherwise ignored): it
// collects garbage, then prints one `heap-report` line with the main thread's heap in use and the
// process's anonymous RSS, in bytes. Benchmarks read the worker's memory between runs this way,
// without a debugger and without a hook in the shipped worker.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { anonymousRssMiB } from './rss-sampler.js';

setFlagsFromString('--expose_gc');
const collectGarbage = runInNewContext('gc') as () => void;

process.on('SIGWINCH', () => {
  collectGarbage();
  const heap = process.memoryUsage().heapUsed;
  const anonymous = Math.round((anonymousRssMiB('self') ?? 0) * 1024 * 1024);
  console.log(`heap-report ${heap} ${anonymous}`);
});

await import('../../src/worker/main.js');
