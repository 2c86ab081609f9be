// `npm run bench:report-memory [-- --rows 376799]`
//
// The worker's memory while it writes a large live run's report, without the two-hour live run:
// test/reports/support/large-run-report.ts builds and writes the report of a run whose every row
// was created (report.json, report.xlsx with its ID map, report.html), as the writeReports activity
// does, in its own process under the worker's heap cap. This samples that process's anonymous RSS
// from outside every 20 ms (the writer may not yield to a timer of its own), once with no rows
// (the floor: the code and an empty report) and once with `--rows` (the large benchmark company's
// ID map: 376,799 rows), and prints the peaks and what the rows added.
import path from 'node:path';
import { projectRoot } from '../src/config/project-paths.js';
import { workerNodeFlags } from '../src/worker/worker-command.js';
import { runSampled } from './support/rss-sampler.js';

const args = process.argv.slice(2);
const rowsIndex = args.indexOf('--rows');
const rows = Number(rowsIndex >= 0 ? (args[rowsIndex + 1] ?? '376799') : '376799');

async function writeReport(count: number) {
  const script = path.join(projectRoot, 'test/reports/support/large-run-report.ts');
  const run = await runSampled([...workerNodeFlags, '--import', 'tsx', script, String(count)], 20);
  if (run.code !== 0) {
    throw new Error(
      `writing the report failed (exit ${String(run.code)}):\n${run.output.slice(-4000)}`,
    );
  }
  return { peak: run.peakAnonymousMiB, seconds: run.seconds, output: run.output.trim() };
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
