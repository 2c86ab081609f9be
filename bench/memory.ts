// `npm run bench:memory [-- --sizes small,medium,large]`
// `npm run bench:memory -- --waiting 10 [--size medium] [--calls 10]`: the heap a waiting run
// holds, in a worker process (bench/support/waiting-memory.ts).
//
// Where the worker's memory goes, phase by phase. Runs the migration of a generated company through
// the plain loop (the same engine functions the activities call, in this process, limit off) and
// prints after staging, after each phase is planned and run, and after verification: the live heap
// after a full garbage collection (what the engine really keeps) and the peak RSS since the previous
// milestone (which includes garbage not yet collected). Flat memory means the live heap does not
// grow with the size of the company.
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { companySizes, generateCompany } from '../src/synthetic-company/company-generator.js';
import { writeGenericCsv } from '../src/synthetic-company/write-generic-csv.js';
import { benchRunInput, startBenchStack } from './support/bench-stack.js';
import { plainLoopDeps, runPlainLoop } from './support/plain-loop.js';
import { anonymousRssMiB } from './support/rss-sampler.js';
import { waitingMemory } from './support/waiting-memory.js';

setFlagsFromString('--expose_gc');
const collectGarbage = runInNewContext('gc') as () => void;

const args = process.argv.slice(2);
const waitingIndex = args.indexOf('--waiting');
if (waitingIndex >= 0) {
  const value = (name: string, fallback: string) => {
    const index = args.indexOf(`--${name}`);
    return index >= 0 ? (args[index + 1] ?? fallback) : fallback;
  };
  await waitingMemory(
    Number(args[waitingIndex + 1] ?? '10'),
    value('size', 'small') as keyof typeof companySizes,
    Number(value('calls', '10')),
  );
  process.exit(0);
}
const sizesIndex = args.indexOf('--sizes');
const sizes = (sizesIndex >= 0 ? (args[sizesIndex + 1] ?? 'small') : 'small,medium').split(
  ',',
) as Array<keyof typeof companySizes>;

const mib = (bytes: number) => Math.round(bytes / 1024 / 1024);

const anonymousRss = () => (anonymousRssMiB('self') ?? 0) * 1024 * 1024;

/** Writes the company's exports and lets the generated records go before anything is measured. */
async function writeExports(size: keyof typeof companySizes, folder: string) {
  const company = generateCompany(companySizes[size], 7);
  await writeGenericCsv(company.records, folder);
  const records = company.records.filter((r) => r.entity !== 'trial-balance').length;
  return { records, cutoverDate: company.cutoverDate, endDate: company.endDate };
}

for (const size of sizes) {
  const stack = await startBenchStack(['--no-rate-limit']);
  try {
    const folder = path.join(stack.dir, 'exports');
    const company = await writeExports(size, folder);
    const deps = plainLoopDeps(stack);
    collectGarbage();
    const baseline = process.memoryUsage().heapUsed;
    let peakRss = 0;
    let peakLive = 0;
    let overallPeakRss = 0;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, anonymousRss());
    }, 50);
    console.log(
      `\n== ${size}: ${company.records} records; live heap at start ${mib(baseline)} MiB`,
    );
    console.log('| Milestone | Live heap (MiB) | Peak anonymous RSS since last (MiB) |');
    console.log('|---|---:|---:|');
    const started = performance.now();
    const { verified } = await runPlainLoop(
      deps,
      benchRunInput(company, folder, `memory-${Date.now()}`, 'live', { concurrency: 4 }),
      (label) => {
        peakRss = Math.max(peakRss, anonymousRss());
        collectGarbage();
        const live = process.memoryUsage().heapUsed;
        peakLive = Math.max(peakLive, live);
        overallPeakRss = Math.max(overallPeakRss, peakRss);
        console.log(`| ${label} | ${mib(live)} | ${mib(peakRss)} |`);
        peakRss = 0;
      },
    );
    clearInterval(sampler);
    await deps.close();
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `${size}: verified ${String(verified)} in ${seconds} s; peak live heap ${mib(peakLive)} MiB ` +
        `(${mib(peakLive - baseline)} MiB over the start), peak anonymous RSS ${mib(overallPeakRss)} MiB`,
    );
  } finally {
    await stack.stop();
  }
}
process.exit(0);
