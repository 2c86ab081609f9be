// `npm run bench [-- --sizes small,medium,large] [--only dry-run,efficiency,budget,overhead|plain] [--budget-minutes 5] [--concurrency 8] [--layouts generic,xero-reports]`
//
// Migrates generated companies into a sandbox and prints, per size: call efficiency (write calls
// made over the fewest the routes allow), orchestration overhead (Temporal against a plain loop
// over the same engine and sandbox, limit off), peak worker memory and history events per 1,000
// units; and, per size, budget use against the real limit of 100 requests on a 30 s window
// (`--budget-minutes`, default 5: how long a run that has not finished by then is measured).
// `dry-run` times a dry run of each size (staging included) and, beside a live run, checks that the
// live run's rows and calls per step equal the dry run's prediction.
// `--only plain` runs the plain loop alone, to pair with a Temporal run from another invocation.
// `validate` times `ledgerlift validate` on each size's export: the shipped command
// (bin/ledgerlift.js, the compiled CLI, as the bench's worker is the compiled one) in a process of
// its own, start to exit.
// `--layouts` says how each company is written for `validate` and `dry-run`, each layout in turn:
// `generic` (the generic CSV template, the default) and `xero-reports` (as Xero's screens export
// it: lists, document exports, trial balances, aged reports and the Account Transactions report);
// with both, the report layout's time over the generic one's is printed. The other measurements
// always use the generic layout.
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { WorkflowHandle } from '@temporalio/client';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { runWorkflowId } from '../src/migration/contracts/run-name.js';
import { stepNames } from '../src/migration/contracts/steps.js';
import type { MigrateLedgerInput } from '../src/migration/contracts/workflow-types.js';
import {
  companySizes,
  generateCompany,
  type GeneratedCompany,
} from '../src/synthetic-company/company-generator.js';
import { writeGenericCsv } from '../src/synthetic-company/write-generic-csv.js';
import { writeXeroReports } from '../src/synthetic-company/write-xero-reports.js';
import type { SourceFormat } from '../mappings/source-formats.js';
import { projectRoot } from '../src/config/project-paths.js';
import { progressQuery } from '../workflows/handlers.js';
import { migrateLedger, type RunOutcome } from '../workflows/migrate-ledger.js';
import {
  BENCH_BATCH_SIZE,
  benchRunInput,
  startBenchStack,
  requireBuild,
  type BenchStack,
} from './support/bench-stack.js';
import { minimumWriteCalls } from './support/minimum-calls.js';
import { plainLoopDeps, runPlainLoop } from './support/plain-loop.js';
import { RssSampler, runSampled } from './support/rss-sampler.js';

Runtime.install({ logger: new DefaultLogger('ERROR') });

const BATCH_SIZE = BENCH_BATCH_SIZE;
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? (args[index + 1] ?? fallback) : fallback;
};
/** API calls each step keeps in flight, in the Temporal runs and the plain loop alike. */
const CONCURRENCY = Number(option('concurrency', '8'));
const sizes = option('sizes', 'small,medium').split(',') as Array<keyof typeof companySizes>;
const only = new Set(option('only', 'dry-run,efficiency,budget,overhead').split(','));
/** Budget runs measure this long after their first window, then stop (a large one takes hours). */
const budgetMinutes = Number(option('budget-minutes', '5'));

/** How a company's export is written for `validate` and `dry-run`, and the format it is read as. */
interface ExportLayout {
  format: SourceFormat;
  write(company: GeneratedCompany, folder: string): Promise<unknown>;
}
const exportLayouts = {
  generic: {
    format: 'generic',
    write: (company, folder) => writeGenericCsv(company.records, folder),
  },
  'xero-reports': { format: 'xero', write: writeXeroReports },
} satisfies Record<string, ExportLayout>;
type LayoutName = keyof typeof exportLayouts;
const layoutNames = option('layouts', 'generic').split(',') as LayoutName[];
for (const name of layoutNames) {
  if (!(name in exportLayouts))
    throw new Error(`--layouts takes ${Object.keys(exportLayouts).join(', ')} (got "${name}")`);
}
const GENERIC: LayoutName = 'generic';

/** Writes the company's export in `folder` and says how long that took and how big it is. */
async function writeExport(company: GeneratedCompany, folder: string, layout: LayoutName) {
  const started = performance.now();
  await exportLayouts[layout].write(company, folder);
  const seconds = (performance.now() - started) / 1000;
  let bytes = 0;
  for (const name of await readdir(folder)) bytes += (await stat(path.join(folder, name))).size;
  console.log(
    `Wrote the ${layout} export: ${(bytes / 2 ** 20).toFixed(1)} MiB in ${seconds.toFixed(1)} s`,
  );
}
/** The API's real 100 requests per window, on a 30 s window: twice as fast, the same shape. */
const BUDGET_WINDOW_MS = 30_000;

function recordsOf(company: GeneratedCompany): number {
  return company.records.filter((r) => r.entity !== 'trial-balance').length;
}

function inputFor(
  company: GeneratedCompany,
  folder: string,
  runName: string,
  mode: MigrateLedgerInput['mode'] = 'live',
  layout: LayoutName = GENERIC,
): MigrateLedgerInput {
  return benchRunInput(company, folder, runName, mode, {
    concurrency: CONCURRENCY,
    format: exportLayouts[layout].format,
  });
}

/** Sums the history events of a run: itself and every step child, continued-as-new runs included. */
async function historyEvents(stack: BenchStack, workflowId: string) {
  let total = 0;
  let largest = 0;
  let executions = 0;
  for (const id of [workflowId, ...stepNames.map((step) => `${workflowId}/main/${step}`)]) {
    for await (const run of stack.client.workflow.list({ query: `WorkflowId = '${id}'` })) {
      total += run.historyLength;
      largest = Math.max(largest, run.historyLength);
      executions += 1;
    }
  }
  return { total, largest, executions };
}

/**
 * Where a run's orchestration goes, from its histories and its steps': seconds each activity type
 * took, scheduled to completed (steps that run at the same time overlap, so the sum can exceed the
 * wall time), and the workflow tasks, activities and progress signals, with the workflow tasks'
 * seconds from scheduled to completed.
 */
async function orchestration(stack: BenchStack, workflowId: string) {
  const seconds = new Map<string, number>();
  let workflowTasks = 0;
  let workflowTaskSeconds = 0;
  let activities = 0;
  let signals = 0;
  for (const id of [workflowId, ...stepNames.map((step) => `${workflowId}/main/${step}`)]) {
    for await (const run of stack.client.workflow.list({ query: `WorkflowId = '${id}'` })) {
      const history = await stack.client.workflow.getHandle(id, run.runId).fetchHistory();
      const scheduled = new Map<string, { type: string; at: number }>();
      const tasks = new Map<string, number>();
      for (const event of history.events ?? []) {
        const at = Number(event.eventTime?.seconds ?? 0) + (event.eventTime?.nanos ?? 0) / 1e9;
        if (event.workflowTaskScheduledEventAttributes) tasks.set(String(event.eventId), at);
        const task = event.workflowTaskCompletedEventAttributes?.scheduledEventId;
        if (task !== undefined && task !== null) {
          workflowTasks += 1;
          workflowTaskSeconds += at - (tasks.get(String(task)) ?? at);
        }
        if (event.signalExternalWorkflowExecutionInitiatedEventAttributes) signals += 1;
        const name = event.activityTaskScheduledEventAttributes?.activityType?.name;
        if (name) activities += 1;
        const step = id.slice(workflowId.length + '/main/'.length);
        const type = name && step && name !== 'readSnapshotPage' ? `${name} (${step})` : name;
        if (type) scheduled.set(String(event.eventId), { type, at });
        const done = event.activityTaskCompletedEventAttributes?.scheduledEventId;
        const start = done === undefined || done === null ? undefined : scheduled.get(String(done));
        if (start) seconds.set(start.type, (seconds.get(start.type) ?? 0) + at - start.at);
      }
    }
  }
  const byActivity = [...seconds]
    .sort((a, b) => b[1] - a[1])
    .filter(([, s]) => s >= 0.5)
    .map(([type, s]) => `${type} ${s.toFixed(1)} s`)
    .join(', ');
  return { byActivity, workflowTasks, workflowTaskSeconds, activities, signals };
}

/** What the run is doing now: its phase, and the phases of the steps that are running. */
async function runningNow(handle: WorkflowHandle<typeof migrateLedger>): Promise<string> {
  const progress = await handle.query(progressQuery);
  const running = progress.steps
    .filter((step) => step.status === 'running')
    .map((step) => `${step.step}/${step.phase ?? 'snapshots'}`);
  return running.length > 0 ? running.join(', ') : progress.phase;
}

async function temporalRun(
  company: GeneratedCompany,
  sandboxArgs: string[],
  workerEnv: NodeJS.ProcessEnv,
  mode: MigrateLedgerInput['mode'] = 'live',
  layout: LayoutName = GENERIC,
) {
  const stack = await startBenchStack(sandboxArgs);
  let rss: RssSampler | undefined;
  try {
    const folder = path.join(stack.dir, 'exports');
    await writeExport(company, folder, layout);
    const worker = await stack.startWorker(workerEnv);
    const runName = `bench-${Date.now()}`;
    const started = performance.now();
    const handle = await stack.client.workflow.start(migrateLedger, {
      taskQueue: stack.taskQueue,
      workflowId: runWorkflowId(runName),
      args: [inputFor(company, folder, runName, mode, layout)],
    });
    rss = new RssSampler(worker.process.pid, { where: () => runningNow(handle) });
    const exited = new Promise<never>((_, reject) =>
      worker.process.once('exit', (code, signal) =>
        reject(
          new Error(
            `the worker exited (${signal ?? `code ${String(code)}`}) mid-run:\n${worker.output().slice(-4000)}`,
          ),
        ),
      ),
    );
    exited.catch(() => undefined); // once the run is over, the worker's exit is expected
    const result = handle.result();
    let outcome: Awaited<typeof result>;
    try {
      outcome = await Promise.race([result, exited]);
    } catch (error) {
      // Say why before anything else: the worker's last output is in the message. Then end the
      // workflow, so no client call is still retrying when the stack closes its connection (one
      // that is throws from a timer and takes the benchmark down with the reason unsaid).
      console.error(
        `The ${mode} run failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      await handle.terminate('the benchmark stopped').catch(() => undefined);
      await result.catch(() => undefined);
      throw error;
    }
    const seconds = (performance.now() - started) / 1000;
    const stats = await stack.requestStats();
    const log = await stack.requestLog();
    const peakRssMiB = await worker.peakRssMiB();
    const peakAnonymousMiB = rss.maxMiB;
    const during = rss.stop();
    const history = await historyEvents(stack, handle.workflowId);
    const orchestrated = await orchestration(stack, handle.workflowId);
    return {
      outcome,
      seconds,
      stats,
      log,
      peakRssMiB,
      peakAnonymousMiB,
      during,
      history,
      orchestrated,
    };
  } finally {
    await rss?.settle();
    await stack.stop();
  }
}

/**
 * Runs a company against the sandbox's real limit on a shortened window, for at most `capMs` after
 * the first window, and measures the request rate the API saw after that first window (whose
 * opening burst the limit allows), and the 429s.
 */
async function budgetRun(company: GeneratedCompany, windowMs: number, capMs: number) {
  const stack = await startBenchStack(['--window-ms', String(windowMs)]);
  try {
    const folder = path.join(stack.dir, 'exports');
    await writeGenericCsv(company.records, folder);
    await stack.startWorker({ LEDGERLIFT_API_RATE_WINDOW_SECONDS: String(windowMs / 1000) });
    const runName = `budget-${Date.now()}`;
    const handle = await stack.client.workflow.start(migrateLedger, {
      taskQueue: stack.taskQueue,
      workflowId: runWorkflowId(runName),
      args: [inputFor(company, folder, runName)],
    });
    let complete = false;
    const finished = handle.result().then(() => {
      complete = true;
    });
    // Staging comes first and makes no call: the clock starts at the first request.
    while (!complete && (await stack.requestStats()).total === 0) {
      await Promise.race([finished, delay(1_000)]);
    }
    await Promise.race([finished, delay(windowMs + capMs)]);
    if (!complete) await handle.terminate('benchmark budget window measured');
    const api = (await stack.requestLog()).filter((entry) => entry.path.startsWith('/partners/'));
    const times = api.map((entry) => Date.parse(entry.at)).sort((a, b) => a - b);
    const first = times[0] ?? 0;
    const last = times.at(-1) ?? 0;
    const steady = times.filter((t) => t >= first + windowMs);
    const perWindow = (steady.length / (last - (first + windowMs))) * windowMs;
    const limited = api.filter((entry) => entry.status === 429);
    const lateLimited = limited.filter((entry) => Date.parse(entry.at) >= first + windowMs);
    return {
      complete,
      requests: api.length,
      seconds: (last - first) / 1000,
      perWindow,
      limited: limited.length,
      lateLimited: lateLimited.length,
    };
  } finally {
    await stack.stop();
  }
}

async function plainRun(company: GeneratedCompany) {
  const stack = await startBenchStack(['--no-rate-limit']);
  try {
    const folder = path.join(stack.dir, 'exports');
    await writeGenericCsv(company.records, folder);
    const deps = plainLoopDeps(stack);
    const started = performance.now();
    const { verified } = await runPlainLoop(deps, {
      ...inputFor(company, folder, `plain-${Date.now()}`),
      batchSize: BATCH_SIZE,
      concurrency: CONCURRENCY,
    });
    const seconds = (performance.now() - started) / 1000;
    await deps.close();
    return { seconds, verified, stats: await stack.requestStats() };
  } finally {
    await stack.stop();
  }
}

/**
 * Runs `ledgerlift validate` on the company's export in its own process and times it, start to
 * exit; a run that does not exit 0 (no errors, predicted to verify) fails the benchmark.
 */
async function validateRun(company: GeneratedCompany, layout: LayoutName) {
  requireBuild();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-bench-validate-'));
  try {
    const folder = path.join(dir, 'exports');
    await writeExport(company, folder, layout);
    const run = await runSampled(
      [
        ...[path.join(projectRoot, 'bin/ledgerlift.js'), 'validate'],
        ...['--source', folder, '--format', exportLayouts[layout].format],
        ...['--cutover', company.cutoverDate, '--end', company.endDate],
      ],
      250,
    );
    const { code, output, seconds, peakAnonymousMiB } = run;
    if (code !== 0) {
      throw new Error(`ledgerlift validate exited ${String(code)}:\n${output.slice(-4000)}`);
    }
    const summary = output.split('\n').filter((line) => /^\d+ errors?,|verif/i.test(line));
    return { seconds, peakAnonymousMiB: Math.round(peakAnonymousMiB), summary };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The report layout's time over the generic layout's, when both were measured. */
function printRatio(what: string, seconds: ReadonlyMap<LayoutName, number>): void {
  const generic = seconds.get('generic');
  const reports = seconds.get('xero-reports');
  if (generic === undefined || reports === undefined) return;
  console.log(
    `${what}, xero-reports / generic: ${reports.toFixed(1)} / ${generic.toFixed(1)} s = ${(reports / generic).toFixed(2)}`,
  );
}

/** Each step's rows and calls, as the run's outcome reports them: a dry run's equal a live run's. */
function stepFigures(outcome: RunOutcome): string {
  return JSON.stringify(outcome.progress.steps.map((s) => [s.step, s.rows, s.calls]));
}

const rows: string[] = [];
const dryRows: string[] = [];
for (const size of sizes) {
  const company = generateCompany(companySizes[size], 7);
  const records = recordsOf(company);
  const minimum = minimumWriteCalls(company, BATCH_SIZE);
  console.log(
    `\n== ${size}: ${records} records, ${minimum} write calls at least (batch ${BATCH_SIZE}, ${CONCURRENCY} calls in flight per step)`,
  );
  const validateSeconds = new Map<LayoutName, number>();
  for (const layout of only.has('validate') ? layoutNames : []) {
    const validated = await validateRun(company, layout);
    validateSeconds.set(layout, validated.seconds);
    console.log(
      `Validate (${layout}): ${validated.seconds.toFixed(1)} s, ${(records / validated.seconds).toFixed(0)} records/s, ` +
        `peak anonymous memory ${validated.peakAnonymousMiB} MiB; ${validated.summary.join(' ')}`,
    );
  }
  printRatio('Validate', validateSeconds);
  let predicted: string | undefined;
  const drySeconds = new Map<LayoutName, number>();
  for (const layout of only.has('dry-run') ? layoutNames : []) {
    const dry = await temporalRun(
      company,
      ['--no-rate-limit'],
      { LEDGERLIFT_API_RATE_LIMIT: 'off' },
      'dry-run',
      layout,
    );
    drySeconds.set(layout, dry.seconds);
    // The live run below reads the generic layout: its prediction is the generic dry run's.
    if (layout === GENERIC) predicted = stepFigures(dry.outcome);
    const calls = dry.outcome.progress.predictedLiveCalls ?? 0;
    console.log(
      `Dry run (${layout}): ${dry.outcome.status}, verified ${String(dry.outcome.progress.verification?.verified)}, ` +
        `${dry.seconds.toFixed(1)} s (staging included), ` +
        `${(records / dry.seconds).toFixed(0)} rows/s, the live run would make ${calls} calls; ` +
        `peak worker memory ${dry.peakAnonymousMiB} / ${dry.peakRssMiB} MiB; history ${dry.history.total} ` +
        `events in ${dry.history.executions} executions (largest ${dry.history.largest})`,
    );
    console.log(`Dry run worker anonymous RSS in 1 s samples: ${dry.during}`);
    console.log(`Dry run activities, scheduled to completed: ${dry.orchestrated.byActivity}`);
    dryRows.push(
      `| ${size} | ${layout} | ${records} | ${dry.seconds.toFixed(1)} s | ${(records / dry.seconds).toFixed(0)} | ${calls} | ${dry.peakAnonymousMiB} / ${dry.peakRssMiB} MiB | ${dry.history.total} (largest ${dry.history.largest}) |`,
    );
  }
  printRatio('Dry run', drySeconds);
  if (only.has('plain') && !only.has('efficiency') && !only.has('overhead')) {
    // The baseline alone, to pair with a Temporal run measured by an earlier invocation.
    const plain = await plainRun(company);
    console.log(
      `Plain loop, limit off: ${plain.seconds.toFixed(1)} s, ${plain.stats.writes + plain.stats.reads} calls, verified ${String(plain.verified)}`,
    );
    continue;
  }
  if (!only.has('efficiency') && !only.has('overhead')) continue;

  const run = await temporalRun(company, ['--no-rate-limit'], { LEDGERLIFT_API_RATE_LIMIT: 'off' });
  const calls = run.stats.writes + run.stats.reads;
  const efficiency = run.stats.writes / minimum;
  const perThousand = (run.history.total / run.stats.writes) * 1000;
  console.log(
    `Temporal, limit off: ${run.outcome.status}, verified ${String(run.outcome.progress.verification?.verified)}, ` +
      `${run.seconds.toFixed(1)} s, ${calls} calls (${run.stats.writes} writes, ${run.stats.reads} reads), ` +
      `${(calls / run.seconds).toFixed(1)} calls/s`,
  );
  const o = run.orchestrated;
  console.log(
    `Orchestration: ${o.workflowTasks} workflow tasks (${(o.workflowTasks / calls).toFixed(2)} per call, ` +
      `${((o.workflowTaskSeconds * 1000) / o.workflowTasks).toFixed(1)} ms each from scheduled to completed), ` +
      `${o.activities} activities, ${o.signals} progress signals (${((o.signals / calls) * 1000).toFixed(0)} per 1,000 calls)`,
  );
  if (predicted !== undefined) {
    console.log(
      `Live rows and calls per step equal the dry run's prediction: ${String(stepFigures(run.outcome) === predicted)}`,
    );
  }
  console.log(
    `Call efficiency: ${run.stats.writes} / ${minimum} = ${efficiency.toFixed(4)} (target at most 1.02)`,
  );
  console.log(
    `Peak worker memory: ${run.peakRssMiB} MiB (VmHWM); anonymous RSS in 1 s samples while ` +
      `migrating: ${run.during}`,
  );
  console.log(
    `History: ${run.history.total} events in ${run.history.executions} executions ` +
      `(largest ${run.history.largest}), ${perThousand.toFixed(0)} per 1,000 units`,
  );
  let overhead = 'n/a';
  if (only.has('overhead')) {
    const plain = await plainRun(company);
    const ratio = run.seconds / plain.seconds;
    const perCall = ((run.seconds - plain.seconds) * 1000) / calls;
    overhead = `${ratio.toFixed(2)}× (${perCall.toFixed(1)} ms per call)`;
    console.log(
      `Plain loop, limit off: ${plain.seconds.toFixed(1)} s, ${plain.stats.writes + plain.stats.reads} calls, ` +
        `verified ${String(plain.verified)}; Temporal/plain ${ratio.toFixed(2)}, overhead ${perCall.toFixed(1)} ms per call`,
    );
  }
  rows.push(
    `| ${size} | ${records} | ${run.stats.writes} / ${minimum} = ${efficiency.toFixed(3)} | ${run.seconds.toFixed(0)} s | ${overhead} | ${run.peakAnonymousMiB} / ${run.peakRssMiB} MiB | ${perThousand.toFixed(0)} (largest history ${run.history.largest}) |`,
  );
}

if (only.has('budget')) {
  for (const size of sizes) {
    const company = generateCompany(companySizes[size], 7);
    const budget = await budgetRun(company, BUDGET_WINDOW_MS, budgetMinutes * 60_000);
    const share = budget.perWindow / 100;
    console.log(
      `\n== budget (${size}, 100 requests per ${BUDGET_WINDOW_MS / 1000} s): ${budget.requests} requests in ` +
        `${budget.seconds.toFixed(1)} s (${budget.complete ? 'the whole run' : `the first ${budgetMinutes} min after the first window, then stopped`}); ` +
        `after the first window ${budget.perWindow.toFixed(1)} per window = ${share.toFixed(3)} of the limit (target at least 0.97); ` +
        `429s: ${budget.limited}, after the first window: ${budget.lateLimited}`,
    );
    rows.push(
      `| budget (${size}) | ${recordsOf(company)} | ${budget.perWindow.toFixed(1)} of 100 requests per window = ${share.toFixed(3)} | ${budget.seconds.toFixed(0)} s${budget.complete ? '' : ' (capped)'} | 429s: ${budget.limited} (after the first window: ${budget.lateLimited}) | | |`,
    );
  }
}

if (dryRows.length > 0) {
  console.log(
    '\n| Size | Layout | Records | Dry run wall time | Rows/s | Calls the live run would make | Peak worker memory (anonymous / with mapped files) | History events |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---|');
  for (const row of dryRows) console.log(row);
}
console.log(
  '\n| Size | Records | Write calls / minimum | Wall time | Temporal vs plain loop | Peak worker memory (anonymous / with mapped files) | History events per 1,000 units |',
);
console.log('|---|---:|---|---:|---|---:|---|');
for (const row of rows) console.log(row);
process.exit(0);
