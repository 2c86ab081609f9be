// `npm run bench:worker-start [-- --rounds 3]`
//
// How long a worker takes from `node` to polling its task queues, and its memory then, for the
// compiled worker (`npm run worker`: dist/, the prebuilt workflow bundle) against the same worker
// run from the TypeScript sources through tsx, which bundles the workflows at each start. Both run
// with the worker's heap cap against a dev server of their own on a free loopback port. Run
// `npm run build` first.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { projectRoot } from '../src/config/project-paths.js';
import { freePort } from '../src/dev/free-port.js';
import { ensureTemporalCli } from '../src/dev/temporal-cli.js';
import { startDevServer } from '../src/dev/temporal-dev-server.js';
import { workerNodeFlags } from '../src/worker/worker-command.js';

const args = process.argv.slice(2);
const rounds = Number(args[args.indexOf('--rounds') + 1] ?? 3) || 3;
const compiledEntry = path.join(projectRoot, 'dist', 'src', 'worker', 'main.js');
if (!existsSync(compiledEntry)) throw new Error('Run `npm run build` first.');

const kinds = {
  compiled: [...workerNodeFlags, compiledEntry],
  'sources (tsx)': [
    ...workerNodeFlags,
    '--import',
    'tsx',
    path.join(projectRoot, 'src/worker/main.ts'),
  ],
};

/** VmHWM and RssAnon of a process, in MiB. */
function memoryOf(pid: number): { peak: number; anonymous: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1]);
  return { peak: kib('VmHWM') / 1024, anonymous: kib('RssAnon') / 1024 };
}

/** Starts one worker, waits for its polling line, measures, stops it. */
async function measure(argv: string[], env: NodeJS.ProcessEnv) {
  const started = performance.now();
  const child = spawn(process.execPath, argv, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const ready = await new Promise<number>((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('polling task queue')) resolve(performance.now() - started);
    });
    child.once('exit', (code) => reject(new Error(`worker exited (${code}) before polling`)));
  });
  const memory = memoryOf(child.pid as number);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return { seconds: ready / 1000, ...memory };
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'ledgerlift-worker-start-'));
const port = await freePort();
const server = await startDevServer(await ensureTemporalCli(), {
  port,
  headless: true,
  logFile: path.join(dataDir, 'temporal.log'),
});
try {
  const env = {
    ...process.env,
    TEMPORAL_ADDRESS: server.address,
    LEDGERLIFT_RUNS_DIR: path.join(dataDir, 'runs'),
  };
  console.log(`Worker start, ${rounds} rounds each, node ${process.version}`);
  console.log('kind            start s   VmHWM MiB   RssAnon MiB');
  for (let round = 1; round <= rounds; round += 1) {
    for (const [kind, argv] of Object.entries(kinds)) {
      const { seconds, peak, anonymous } = await measure(argv, env);
      console.log(
        `${kind.padEnd(15)} ${seconds.toFixed(1).padStart(7)} ${peak.toFixed(0).padStart(11)} ${anonymous.toFixed(0).padStart(13)}`,
      );
    }
  }
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
