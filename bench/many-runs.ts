// `npm run bench:many [-- --large 1 --medium 9]`
// `npm run bench:many -- --live [--after-minutes 2] [--window-minutes 4] [--per-window 600] [--to-completion]`
//
// Ten migrations on one worker: ONE worker process (its own process, under the 256 MiB heap cap)
// runs one large and nine medium dry runs together, then the same ten one after another, against a
// sandbox with the limit off. It prints per run its status, whether its predicted verification
// passed and its wall time; the worker's peak anonymous RSS (1 s samples) and VmHWM after each
// half; and the together time over the one-after-another time (target at most 1.5: the worker
// overlaps runs, it does not queue them). Both halves run in one invocation. Each medium company
// has its own seed, so no two runs are alike.
//
// `--live` runs the same ten as live runs, each into its own workspace of one sandbox under one
// client id, the large one at weight 2 and the others at 1. At the API's real 100 requests a minute
// a large run takes 33 hours, so the sandbox and the worker's pace are raised to `--per-window`
// requests per 30 s window, and the runs are measured for `--window-minutes` from
// `--after-minutes` after every one of them made its first call (past the first steps' few
// units), then ended: what is measured is each run's share of the calls in that window against
// its share of the weights, and the worker's memory. With `--to-completion` the runs are not ended
// after the window: the sandbox's limit is lifted and the paced worker is replaced by one with the
// limit off (the runs carry on from where they were, as after any worker restart), and each run
// must complete and verify.
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
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
import { connectToSandbox } from '../src/dev/connect-sandbox.js';
import {
  BENCH_PROFILE,
  benchRunInput,
  startBenchStack,
  type BenchStack,
} from './support/bench-stack.js';
import type { Child } from './support/child.js';
import { RssSampler } from './support/rss-sampler.js';

Runtime.install({ logger: new DefaultLogger('ERROR') });

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? (args[index + 1] ?? fallback) : fallback;
};
const largeRuns = Number(option('large', '1'));
const mediumRuns = Number(option('medium', '9'));
const live = args.includes('--live');
const windowMinutes = Number(option('window-minutes', '4'));
/** Minutes between every run's first call and the window: past the first steps' few units. */
const afterMinutes = Number(option('after-minutes', '2'));
const perWindow = Number(option('per-window', '600'));
const toCompletion = args.includes('--to-completion');
/** How long `--to-completion` waits for the runs after the window before giving up. */
const COMPLETION_HOURS = 3;
const LIVE_WINDOW_SECONDS = 30;

interface Company {
  label: string;
  size: 'large' | 'medium';
  records: number;
  folder: string;
  company: Pick<GeneratedCompany, 'cutoverDate' | 'endDate'>;
}

/** Writes each company's exports, one at a time, so only one company's records are ever held. */
async function writeCompanies(dir: string): Promise<Company[]> {
  const companies: Company[] = [];
  const plan = [
    ...Array.from({ length: largeRuns }, (_, i) => ['large', 7 + i] as const),
    ...Array.from({ length: mediumRuns }, (_, i) => ['medium', 21 + i] as const),
  ];
  for (const [size, seed] of plan) {
    const company = generateCompany(companySizes[size], seed);
    const label = `${size}-${seed}`;
    const folder = path.join(dir, 'exports', label);
    await writeGenericCsv(company.records, folder);
    companies.push({
      label,
      size,
      records: company.records.filter((r) => r.entity !== 'trial-balance').length,
      folder,
      company: { cutoverDate: company.cutoverDate, endDate: company.endDate },
    });
  }
  return companies;
}

/** Rejects when the worker exits, saying why: a run then never finishes. */
function workerExit(worker: Child): Promise<never> {
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
  return exited;
}

function inputOf(
  company: Company,
  runName: string,
  mode: MigrateLedgerInput['mode'],
  profile = BENCH_PROFILE,
): MigrateLedgerInput {
  return benchRunInput(company.company, company.folder, runName, mode, { profile });
}

async function dryRuns(stack: BenchStack): Promise<void> {
  const companies = await writeCompanies(stack.dir);
  const worker = await stack.startWorker({ LEDGERLIFT_API_RATE_LIMIT: 'off' });
  const exited = workerExit(worker);

  const dryRun = async (company: Company, prefix: string) => {
    const runName = `${prefix}-${company.label}`;
    const started = performance.now();
    const handle = await stack.client.workflow.start(migrateLedger, {
      taskQueue: stack.taskQueue,
      workflowId: runWorkflowId(runName),
      args: [inputOf(company, runName, 'dry-run')],
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
}

/** Workspace ids of the live runs, one per run: the sandbox's request log names each call's. */
const workspaceIdOf = (index: number) =>
  `0a1b2c3d-4e5f-4a6b-8c7d-${String(index + 1).padStart(12, '0')}`;

async function liveRuns(): Promise<void> {
  const configFile = path.join(os.tmpdir(), `ledgerlift-many-live-${process.pid}.json`);
  const runs = largeRuns + mediumRuns;
  await writeFile(
    configFile,
    JSON.stringify({
      workspaces: Array.from({ length: runs }, (_, i) => ({
        id: workspaceIdOf(i),
        name: `Client ${i + 1}`,
        currency: 'USD',
        country: 'US',
      })),
      limits: { requestsPerWindow: perWindow, windowMs: LIVE_WINDOW_SECONDS * 1000 },
    }),
  );
  const stack = await startBenchStack(['--config', configFile]);
  try {
    const companies = await writeCompanies(stack.dir);
    for (const [i, company] of companies.entries()) {
      await connectToSandbox({
        baseUrl: stack.sandboxUrl,
        profile: company.label,
        credentialsPath: stack.credentialsPath,
        workspaceId: workspaceIdOf(i),
      });
    }
    const worker = await stack.startWorker({
      LEDGERLIFT_API_REQUESTS_PER_WINDOW: String(perWindow),
      LEDGERLIFT_API_RATE_WINDOW_SECONDS: String(LIVE_WINDOW_SECONDS),
    });
    const exited = workerExit(worker);
    const rss = new RssSampler(worker.process.pid);
    const weightOf = (company: Company) => (company.size === 'large' ? 2 : 1);
    const handles = await Promise.all(
      companies.map((company) =>
        stack.client.workflow.start(migrateLedger, {
          taskQueue: stack.taskQueue,
          workflowId: runWorkflowId(`live-${company.label}`),
          args: [
            {
              ...inputOf(company, `live-${company.label}`, 'live', company.label),
              weight: weightOf(company),
            },
          ],
        }),
      ),
    );
    try {
      const callsOf = async () => {
        const log = (await stack.requestLog()).filter((entry) => entry.status !== 429);
        return companies.map((_, i) => log.filter((e) => e.workspaceId === workspaceIdOf(i)));
      };
      // Staging makes no call: the window opens once every run makes calls.
      const deadline = Date.now() + 30 * 60_000;
      while ((await callsOf()).some((calls) => calls.length === 0)) {
        if (Date.now() > deadline) throw new Error('gave up waiting 30 min for every run to call');
        await Promise.race([exited, delay(2_000)]);
      }
      await Promise.race([exited, delay(afterMinutes * 60_000)]);
      const from = Date.now();
      await Promise.race([exited, delay(windowMinutes * 60_000)]);
      const to = Date.now();
      const within = (await callsOf()).map(
        (calls) => calls.filter((e) => Date.parse(e.at) >= from && Date.parse(e.at) < to).length,
      );
      const total = within.reduce((sum, n) => sum + n, 0);
      const weights = companies.reduce((sum, company) => sum + weightOf(company), 0);
      console.log(
        `\n== ${runs} live runs, sandbox and worker at ${perWindow} requests per ${LIVE_WINDOW_SECONDS} s, ` +
          `measured for ${((to - from) / 60_000).toFixed(1)} min from ${afterMinutes} min after every run called: ${total} calls = ` +
          `${((total / ((to - from) / 1000)) * LIVE_WINDOW_SECONDS).toFixed(0)} per window`,
      );
      console.log(
        '| Run | Weight | Calls in the window | Share | Share of the weights | Share / weight share |',
      );
      console.log('|---|---:|---:|---:|---:|---:|');
      let worst = 0;
      companies.forEach((company, i) => {
        const share = (within[i] ?? 0) / total;
        const due = weightOf(company) / weights;
        worst = Math.max(worst, Math.abs(share / due - 1));
        console.log(
          `| ${company.label} | ${weightOf(company)} | ${within[i] ?? 0} | ${share.toFixed(3)} | ${due.toFixed(3)} | ${(share / due).toFixed(2)} |`,
        );
      });
      console.log(
        `Largest departure from the share by weight: ${(worst * 100).toFixed(1)}%; ` +
          `worker peak anonymous RSS ${rss.maxMiB} MiB (${rss.stop()}), VmHWM ${await worker.peakRssMiB()} MiB`,
      );
      if (toCompletion) await finishRuns(stack, worker, companies, handles);
    } finally {
      await Promise.all(
        handles.map((h) => h.terminate('bench: window measured').catch(() => undefined)),
      );
    }
  } finally {
    await stack.stop();
    await rm(configFile, { force: true });
  }
}

/**
 * Lets the live runs finish: the sandbox's limit lifted, the paced worker replaced by one with the
 * limit off. Prints each run's status, verification and calls, and the new worker's memory.
 */
async function finishRuns(
  stack: BenchStack,
  paced: Child,
  companies: Company[],
  handles: ReadonlyArray<{ result(): Promise<RunOutcome> }>,
): Promise<void> {
  const lifted = await fetch(`${stack.sandboxUrl}/__sandbox/limits`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ requestsPerWindow: null }),
  });
  if (!lifted.ok) throw new Error(`the sandbox refused to lift its limit: ${lifted.status}`);
  const started = performance.now();
  await paced.stop();
  const worker = await stack.startWorker({ LEDGERLIFT_API_RATE_LIMIT: 'off' });
  const exited = workerExit(worker);
  const rss = new RssSampler(worker.process.pid);
  const giveUp = delay(COMPLETION_HOURS * 3_600_000).then(() => {
    throw new Error(`the runs did not finish within ${COMPLETION_HOURS} hours of the window`);
  });
  giveUp.catch(() => undefined);
  const finished = await Promise.race([
    Promise.all(
      handles.map(async (handle) => {
        const outcome = await handle.result();
        return { outcome, seconds: (performance.now() - started) / 1000 };
      }),
    ),
    exited,
    giveUp,
  ]);
  console.log(
    `\n== The same ${companies.length} live runs to the end, limit off: ` +
      `${((performance.now() - started) / 1000).toFixed(0)} s after the window`,
  );
  console.log('| Run | Records | Status | Verified | Calls made | Finished after (s) |');
  console.log('|---|---:|---|---|---:|---:|');
  finished.forEach(({ outcome, seconds }, i) => {
    const company = companies[i] as Company;
    console.log(
      `| ${company.label} | ${company.records} | ${outcome.status} | ${String(outcome.progress.verification?.verified)} | ${outcome.progress.calls.made} | ${seconds.toFixed(0)} |`,
    );
  });
  const allVerified = finished.every(
    ({ outcome }) =>
      outcome.status === 'completed' && outcome.progress.verification?.verified === true,
  );
  console.log(
    `Every run completed and verified: ${String(allVerified)}; unpaced worker peak anonymous RSS ` +
      `${rss.maxMiB} MiB (${rss.stop()}), VmHWM ${await worker.peakRssMiB()} MiB (target at most 1,024 MiB)`,
  );
}

if (live) await liveRuns();
else {
  const stack = await startBenchStack(['--no-rate-limit']);
  try {
    await dryRuns(stack);
  } finally {
    await stack.stop();
  }
}
process.exit(0);
