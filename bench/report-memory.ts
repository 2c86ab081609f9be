// `npm run bench:report-memory [-- --rows 376799]`
//
// The worker's memory while it writes a large live run's report, without the two-hour live run:
// test/reports/support/large-run-report.ts builds and writes the report of a run whose every row
// was created (report.json, report.xlsx with its ID map, report.html), as the writeReports activity
// does, in its own process under the worker's heap cap. This samples that process's anonymous RSS
// from outside every 20 ms (the writer may not yield to a timer of its own), once with no rows
// (the floor: the code and an empty report) and once with `--rows` (the large benchmark company's
// ID map: 376,799 rows), and prints the peaks and what the rows added.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { projectRoot } from '../src/config/project-paths.js';
import { workerNodeFlags } from '../src/worker/node-flags.js';
import { anonymousRssMiB } from './support/rss-sampler.js';

const args = process.argv.slice(2);
const rowsIndex = args.indexOf('--rows');
const rows = Number(rowsIndex >= 0 ? (args[rowsIndex + 1] ?? '376799') : '376799');

async function writeReport(count: number) {
  const script = path.join(projectRoot, 'test/reports/support/large-run-report.ts');
  const child = spawn(
    process.execPath,
    [...workerNodeFlags, '--import', 'tsx', script, String(count)],
    {
      cwd: projectRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, anonymousRssMiB(child.pid) ?? 0);
  }, 20);
  const started = performance.now();
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearInterval(sampler);
  if (code !== 0)
    throw new Error(`writing the report failed (exit ${String(code)}):\n${output.slice(-4000)}`);
  return { peak, seconds: (performance.now() - started) / 1000, output: output.trim() };
}

const floor = await writeReport(0);
const large = await writeReport(rows);
console.log(`| ID map rows | Peak anonymous RSS (MiB) | Wall time (s) |`);
console.log('|---:|---:|---:|');
console.log(`| 0 | ${floor.peak.toFixed(0)} | ${floor.seconds.toFixed(1)} |`);
console.log(`| ${rows} | ${large.peak.toFixed(0)} | ${large.seconds.toFixed(1)} |`);
console.log(
  `${large.output}; the rows added ${(large.peak - floor.peak).toFixed(0)} MiB of anonymous memory at the peak`,
);
process.exit(0);
