// `npm run bench:many [-- --large 1 --medium 9]`
//
// Ten migrations on one worker: ONE worker process (its own process, under the 256 MiB heap cap)
// runs one large and nine medium dry runs together, then the same ten one after another, against a
// sandbox with the limit off. It prints per run its status, whether its predicted verification
// passed and its wall time; the worker's peak anonymous RSS (1 s samples) and VmHWM after each
// half; and the together time over the one-after-another time (target at most 1.5: the worker
// overlaps runs, it does not queue them). Both halves run in one invocation, so the ratio holds
// whatever the machine's load. Each medium company has its own seed, so no two runs are alike.
import path from 'node:path';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { runWorkflowId } from '../src/migration/contracts/run-name.js';
import type { MigrateLedgerInput } from '../src/migration/contracts/workflow-types.js';
import {
  companySizes,
  generateCompany,
  type GeneratedCompany,
} from '../src/synthetic-company/company-generator.js';
import { writeGenericCsv } from '../src/synthetic-company/write-generic-csv.js';
import { migrateLedger, type RunOutcome } from '../workflows/migrate-ledger.js';
import { BENCH_PROFILE, startBenchStack } from './support/bench-stack.js';
import { RssSampler } from './support/rss-sampler.js';

Runtime.install({ logger: new DefaultLogger('ERROR') });

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? (args[index + 1] ?? fallback) : fallback;
};
const largeRuns = Number(option('large', '1'));
const mediumRuns = Number(option('medium', '9'));

interface Company {
  label: string;
  records: number;
  folder: string;
  company: Pick<GeneratedCompany, 'cutoverDate' | 'endDate'>;
}

const stack = await startBenchStack(['--no-rate-limit']);
try {
  const companies: Company[] = [];
  const plan = [
    ...Array.from({ length: largeRuns }, (_, i) => ['large', 7 + i] as const),
    ...Array.from({ length: mediumRuns }, (_, i) => ['medium', 21 + i] as const),
  ];
  for (const [size, seed] of plan) {
    // Generated and written one at a time, so only one company's records are ever held here.
    const company = generateCompany(companySizes[size], seed);
    const label = `${size}-${seed}`;
    const folder = path.join(stack.dir, 'exports', label);
    await writeGenericCsv(company.records, folder);
    companies.push({
      label,
      records: company.records.filter((r) => r.entity !== 'trial-balance').length,
      folder,
      company: { cutoverDate: company.cutoverDate, endDate: company.endDate },
    });
  }
  const worker = await stack.startWorker({ LEDGERLIFT_API_RATE_LIMIT: 'off' });
  const exited = new Promise<never>((_, reject) =>
    worker.process.once('exit', (code, signal) =>
      reject(
        new Error(
          `the worker exited (${signal ?? `code ${String(code)}`}):\n${worker.output().slice(-4000)}`,
        ),
      ),
    ),
  );
  exited.catch(() => undefined);

  const dryRun = async (company: Company, prefix: string) => {
    const runName = `${prefix}-${company.label}`;
    const input: MigrateLedgerInput = {
      runName,
      source: { folder: company.folder, format: 'generic' },
      profile: BENCH_PROFILE,
      cutoverDate: company.company.cutoverDate,
      endDate: company.company.endDate,
      mode: 'dry-run',
      batchSize: 25,
      concurrency: 8,
    };
    const started = performance.now();
    const handle = await stack.client.workflow.start(migrateLedger, {
      taskQueue: stack.taskQueue,
      workflowId: runWorkflowId(runName),
      args: [input],
    });
    const outcome: RunOutcome = await Promise.race([handle.result(), exited]);
    return { company, outcome, seconds: (performance.now() - started) / 1000 };
  };
  type Finished = Awaited<ReturnType<typeof dryRun>>;

  const half = async (label: string, run: () => Promise<Finished[]>) => {
    const rss = new RssSampler(worker.process.pid);
    const started = performance.now();
    const finished = await run();
    const seconds = (performance.now() - started) / 1000;
    const peakAnonymous = rss.maxMiB;
    const during = rss.stop();
    const peakRss = await worker.peakRssMiB();
    console.log(
      `\n== ${label}: ${seconds.toFixed(1)} s; worker anonymous RSS ${during}; VmHWM so far ${peakRss} MiB`,
    );
    console.log('| Run | Records | Status | Verified | Wall time (s) |');
    console.log('|---|---:|---|---|---:|');
    for (const { company, outcome, seconds: s } of finished) {
      console.log(
        `| ${company.label} | ${company.records} | ${outcome.status} | ${String(outcome.progress.verification?.verified)} | ${s.toFixed(1)} |`,
      );
    }
    const allVerified = finished.every(
      (f) =>
        f.outcome.status === 'dry-run-complete' &&
        f.outcome.progress.verification?.verified === true,
    );
    return { seconds, peakAnonymous, peakRss, allVerified };
  };

  const together = await half(`${companies.length} dry runs together`, () =>
    Promise.all(companies.map((company) => dryRun(company, 'together'))),
  );
  const oneByOne = await half(`the same ${companies.length} one after another`, async () => {
    const finished: Finished[] = [];
    for (const company of companies) finished.push(await dryRun(company, 'alone'));
    return finished;
  });
  console.log(
    `\nTogether ${together.seconds.toFixed(1)} s / one after another ${oneByOne.seconds.toFixed(1)} s = ` +
      `${(together.seconds / oneByOne.seconds).toFixed(2)} (target at most 1.5); every run completed and verified: ` +
      `${String(together.allVerified && oneByOne.allVerified)}; worker peak anonymous RSS together ` +
      `${together.peakAnonymous} MiB, one after another ${oneByOne.peakAnonymous} MiB; VmHWM after the runs together ` +
      `${together.peakRss} MiB (target at most 1,024 MiB)`,
  );
} finally {
  await stack.stop();
}
process.exit(0);
