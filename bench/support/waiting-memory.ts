import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { WorkflowHandle } from '@temporalio/client';
import { runWorkflowId } from '../../src/migration/contracts/run-name.js';
import type { MigrateLedgerInput } from '../../src/migration/contracts/workflow-types.js';
import { companySizes, generateCompany } from '../../src/synthetic-company/company-generator.js';
import { writeGenericCsv } from '../../src/synthetic-company/write-generic-csv.js';
import { pauseSignal, progressQuery } from '../../workflows/handlers.js';
import { migrateLedger } from '../../workflows/migrate-ledger.js';
import { benchRunInput, startBenchStack, type BenchStack } from './bench-stack.js';
import type { Child } from './child.js';
import { heapReport, type HeapReport } from './heap-report.js';

type Handle = WorkflowHandle<typeof migrateLedger>;

const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** Longer than the unit pages' idle time (15 s, src/migration/planning/unit-pages.ts). */
const QUIET_MS = 20_000;
/** Longer than the worker's idle release (2 min) plus its sweep (1 min). */
const RELEASED_AFTER_MS = 3.5 * 60_000;

/** The lowest of a few reports: a report taken while a task ran would count that task's garbage. */
async function settledHeap(worker: Child): Promise<HeapReport> {
  let lowest: HeapReport | undefined;
  for (let i = 0; i < 3; i += 1) {
    const report = await heapReport(worker);
    if (!lowest || report.heap < lowest.heap) lowest = report;
    await delay(1_000);
  }
  return lowest as HeapReport;
}

/** Polls `check` until it holds, or throws at the deadline, saying what it waited for. */
async function until(what: string, deadlineMs: number, check: () => Promise<boolean>) {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await delay(1_000);
  }
  throw new Error(`gave up waiting ${deadlineMs / 1000} s for ${what}`);
}

/** Waits until the sandbox has seen no request for `quietMs`: nothing is in flight. */
async function quiet(stack: BenchStack, quietMs: number, deadlineMs: number) {
  let last = -1;
  let since = Date.now();
  await until('the API calls to stop', deadlineMs, async () => {
    const total = (await stack.requestStats()).total;
    if (total !== last) {
      last = total;
      since = Date.now();
    }
    return Date.now() - since >= quietMs;
  });
}

/**
 * `npm run bench:memory -- --waiting <runs> [--size small] [--calls 10]`: the worker heap a run
 * holds while it waits. One worker process under the 256 MiB cap, a sandbox at the API's real 100
 * requests a minute. After a warm-up dry run (so the code every run loads is in the baseline), it
 * measures the worker's heap after a full collection: idle; with N live runs paused by the operator
 * once each made `--calls` calls (every call in flight finished), then again once the worker's idle
 * release (two minutes, src/worker/migration-deps.ts) has passed; after they end; and with N live
 * runs waiting on the shared API budget.
 */
export async function waitingMemory(
  runs: number,
  size: keyof typeof companySizes,
  calls: number,
): Promise<void> {
  const stack = await startBenchStack([]);
  const started: Handle[] = [];
  try {
    const company = generateCompany(companySizes[size], 7);
    const folder = path.join(stack.dir, 'exports');
    await writeGenericCsv(company.records, folder);
    const worker = await stack.startWorker({}, 'bench/support/heap-reporting-worker.ts');
    const input = (runName: string, mode: MigrateLedgerInput['mode']) =>
      benchRunInput(company, folder, runName, mode);
    const start = async (runName: string, mode: MigrateLedgerInput['mode']) => {
      const handle = await stack.client.workflow.start(migrateLedger, {
        taskQueue: stack.taskQueue,
        workflowId: runWorkflowId(runName),
        args: [input(runName, mode)],
      });
      started.push(handle);
      return handle;
    };
    const progressOf = (handles: Handle[]) =>
      Promise.all(handles.map((h) => h.query(progressQuery)));
    /** N live runs, each past staging and into its API calls. */
    const startLive = async (prefix: string) => {
      const handles = await Promise.all(
        Array.from({ length: runs }, (_, i) => start(`${prefix}-${i}`, 'live')),
      );
      await until(`${runs} runs to make ${calls} API calls each`, 15 * 60_000, async () =>
        (await progressOf(handles)).every((p) => p.calls.made >= calls),
      );
      return handles;
    };
    const line = (label: string, report: HeapReport, base: HeapReport, per: number) =>
      console.log(
        `| ${label} | ${mib(report.heap)} | ${per === 0 ? '' : mib((report.heap - base.heap) / per)} | ` +
          `${mib(report.anonymousRss)} | ${per === 0 ? '' : mib((report.anonymousRss - base.anonymousRss) / per)} |`,
      );

    const warmUp = await start('warm-up', 'dry-run');
    await warmUp.result();
    await delay(QUIET_MS);
    const idle = await settledHeap(worker);
    console.log(
      `\n== ${runs} ${size} runs waiting (${company.records.filter((r) => r.entity !== 'trial-balance').length} records each)`,
    );
    console.log(
      '| Worker state | Main heap after GC (MiB) | Over idle, per run (MiB) | Anonymous RSS (MiB) | Over idle, per run (MiB) |',
    );
    console.log('|---|---:|---:|---:|---:|');
    line('idle, after a warm-up dry run', idle, idle, 0);

    const paused = await startLive('paused');
    await Promise.all(
      paused.map((h) => h.signal(pauseSignal, { reason: 'bench: memory while paused' })),
    );
    await until('every run to say it is paused', 5 * 60_000, async () =>
      (await progressOf(paused)).every((p) => p.phase === 'paused'),
    );
    await quiet(stack, QUIET_MS, 5 * 60_000);
    line(`${runs} runs paused by the operator`, await settledHeap(worker), idle, runs);
    await delay(RELEASED_AFTER_MS);
    line('the same, after the idle release', await settledHeap(worker), idle, runs);
    await Promise.all(paused.map((h) => h.terminate('bench: measured')));
    line('after they are terminated', await settledHeap(worker), idle, runs);

    await startLive('budget');
    line(`${runs} runs waiting on the API budget`, await settledHeap(worker), idle, runs);
  } finally {
    await Promise.all(started.map((h) => h.terminate('bench: measured').catch(() => undefined)));
    await stack.stop();
  }
}
