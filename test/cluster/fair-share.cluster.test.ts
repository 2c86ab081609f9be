import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultSandboxConfig, startSandbox, type RunningSandbox } from '../../sandbox/index.js';
import { connectToSandbox, SANDBOX_APP } from '../../src/dev/connect-sandbox.js';
import { startCluster, type RunningCluster } from '../../src/dev/cluster/start-cluster.js';
import { runWorkflowId } from '../../src/migration/contracts/run-name.js';
import {
  generateCompany,
  type CompanySize,
  type GeneratedCompany,
} from '../../src/synthetic-company/company-generator.js';
import { writeGenericCsv } from '../../src/synthetic-company/write-generic-csv.js';
import { migrateLedger } from '../../workflows/migrate-ledger.js';
import { auditWorkspace, type WorkspaceAudit } from '../chaos/support/workspace-audit.js';
import { scratchFolderForPostgres } from './private-postgres-dir.js';

/**
 * Three migrations of different sizes into three workspaces of one sandbox, one client id, started
 * together on the real cluster (`npm run cluster`'s own code) with two worker processes. The sandbox
 * and the workers use a 30 s rate window of 180 requests (6 a second) instead of the API's 60 s of
 * 100, so the suite takes minutes; the pacing is the same formula (src/config/worker-settings.ts).
 */
const REQUESTS_PER_WINDOW = 180;
const WINDOW_SECONDS = 30;
const LIMIT_PER_SECOND = REQUESTS_PER_WINDOW / WINDOW_SECONDS;

// Sized so that all three run together for about three minutes (the small run's ~300 calls at its
// quarter of 6 a second): one PostgreSQL restart is then a small part of the time measured. The
// medium run has more calls than the small one and the large more than twice as many, so neither
// runs out while the small one still calls.
const base: CompanySize = {
  customers: 24,
  vendors: 12,
  products: 15,
  invoices: 72,
  bills: 30,
  bankTransactions: 30,
  paidShare: 0.6,
};
const runs = [
  { name: 'small', weight: 1, size: base, seed: 11 },
  { name: 'medium', weight: 1, size: { ...base, invoices: 120, bills: 48 }, seed: 12 },
  {
    name: 'large',
    weight: 2,
    size: { ...base, invoices: 210, bills: 90, bankTransactions: 90 },
    seed: 13,
  },
];
/** The faults come a third and two thirds of the way into the small run's calls. */
const KILL_AFTER_SMALL_CALLS = 100;
const RESTART_AFTER_SMALL_CALLS = 200;
const workspaceIds = [
  '0a1b2c3d-4e5f-4a6b-8c7d-000000000001',
  '0a1b2c3d-4e5f-4a6b-8c7d-000000000002',
  '0a1b2c3d-4e5f-4a6b-8c7d-000000000003',
];

let sandbox: RunningSandbox | undefined;
let cluster: RunningCluster | undefined;
let connection: Connection | undefined;
let dir: string | undefined;

afterAll(async () => {
  await connection?.close();
  await cluster?.stop();
  await sandbox?.close();
  if (dir && !process.env.LEDGERLIFT_KEEP_CLUSTER) await rm(dir, { recursive: true, force: true });
});

/** Polls `check` once a second until it answers true, for at most `seconds`. */
async function until(what: string, seconds: number, check: () => boolean): Promise<void> {
  for (let i = 0; i < seconds; i += 1) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`gave up after ${seconds} s waiting for ${what}`);
}

describe('many migrations at once on the cluster', () => {
  it('shares one client id by weight at the full rate, through a worker kill and a PostgreSQL restart', async () => {
    const started = Date.now();
    const config = defaultSandboxConfig();
    config.workspaces = workspaceIds.map((id, i) => ({
      id,
      name: `Client ${i + 1}`,
      currency: 'USD',
      country: 'US',
    }));
    config.limits = {
      ...config.limits,
      requestsPerWindow: REQUESTS_PER_WINDOW,
      windowMs: WINDOW_SECONDS * 1000,
    };
    sandbox = await startSandbox({ port: 0, config });
    dir = await scratchFolderForPostgres('ledgerlift-cluster-');
    const credentialsPath = path.join(dir, 'credentials.json');
    const companies = new Map<string, GeneratedCompany>();
    for (const [i, run] of runs.entries()) {
      await connectToSandbox({
        baseUrl: sandbox.url,
        profile: run.name,
        credentialsPath,
        workspaceId: workspaceIds[i],
      });
      const company = generateCompany(run.size, run.seed);
      companies.set(run.name, company);
      const folder = path.join(dir, 'sources', run.name);
      await mkdir(folder, { recursive: true });
      await writeGenericCsv(company.records, folder);
    }

    cluster = await startCluster({
      folder: path.join(dir, 'cluster'),
      workers: 2,
      workerEnv: {
        LEDGERLIFT_CREDENTIALS: credentialsPath,
        LEDGERLIFT_RUNS_DIR: path.join(dir, 'runs'),
        LEDGERLIFT_SOURCES_ROOT: dir,
        LEDGERLIFT_API_RATE_LIMIT: 'on',
        LEDGERLIFT_API_REQUESTS_PER_WINDOW: String(REQUESTS_PER_WINDOW),
        LEDGERLIFT_API_RATE_WINDOW_SECONDS: String(WINDOW_SECONDS),
        LEDGERLIFT_AMBIGUOUS_WRITE_SETTLE_SECONDS: '2',
      },
    });
    const setUp = Date.now();
    connection = await Connection.connect({ address: cluster.address });
    const client = new Client({ connection, namespace: cluster.namespace });
    const handles = await Promise.all(
      runs.map((run) => {
        const company = companies.get(run.name) as GeneratedCompany;
        return client.workflow.start(migrateLedger, {
          taskQueue: 'ledgerlift',
          workflowId: runWorkflowId(run.name),
          args: [
            {
              runName: run.name,
              source: { folder: path.join(dir as string, 'sources', run.name), format: 'generic' },
              profile: run.name,
              cutoverDate: company.cutoverDate,
              endDate: company.endDate,
              mode: 'live',
              // One record a call: enough calls that the three runs overlap for minutes.
              batchSize: 1,
              // More calls in flight than the shared pace serves: every run keeps a backlog on the
              // API queue, which is when fairness decides (without one, each run gets what it asks).
              concurrency: 16,
              weight: run.weight,
            },
          ],
        });
      }),
    );
    const log = () => sandbox?.admin.requestLog() ?? [];
    const callsOf = (index: number) =>
      log().filter((entry) => entry.workspaceId === workspaceIds[index]).length;

    // Faults while all three run: a worker killed outright (a replacement joins), then PostgreSQL
    // (Temporal's store and the run store) restarted under everyone.
    await until(`the small run to make ${KILL_AFTER_SMALL_CALLS} calls`, 900, () => {
      return callsOf(0) >= KILL_AFTER_SMALL_CALLS;
    });
    const killedAt = Date.now();
    await cluster.workers[0]?.stop('SIGKILL');
    await cluster.addWorker();
    await until(`the small run to make ${RESTART_AFTER_SMALL_CALLS} calls`, 900, () => {
      return callsOf(0) >= RESTART_AFTER_SMALL_CALLS;
    });
    const restartedAt = Date.now();
    await cluster.postgres.restart();
    const restartedFor = Date.now() - restartedAt;

    const outcomes = await Promise.all(handles.map((handle) => handle.result()));
    const finished = Date.now();

    // Shares and rate while all three ran (the issue's "while all run"): from the last run's first
    // call to the first run's last call.
    const entries = log().filter((entry) => entry.clientId === SANDBOX_APP.clientId);
    const times = (index: number) =>
      entries
        .filter((entry) => entry.workspaceId === workspaceIds[index])
        .map((entry) => Date.parse(entry.at));
    const firsts = runs.map((_, i) => Math.min(...times(i)));
    const lasts = runs.map((_, i) => Math.max(...times(i)));
    const from = Math.max(...firsts);
    const to = Math.min(...lasts);
    const within = entries.filter((entry) => {
      const at = Date.parse(entry.at);
      return at >= from && at <= to;
    });
    const admitted = within.filter((entry) => entry.status !== 429);
    const weights = runs.reduce((sum, run) => sum + run.weight, 0);
    const perRun = runs.map((run, i) => {
      const calls = admitted.filter((entry) => entry.workspaceId === workspaceIds[i]).length;
      const attributed = admitted.filter((entry) => entry.workspaceId).length;
      return {
        run: run.name,
        weight: run.weight,
        share: calls / attributed,
        due: run.weight / weights,
      };
    });
    const rate = admitted.length / ((to - from) / 1000);
    const late429 = entries.filter(
      (entry) =>
        entry.status === 429 && Date.parse(entry.at) >= Math.min(...firsts) + WINDOW_SECONDS * 1000,
    ).length;
    // Where the figures come from: each late 429 with its path, and the shares window by window,
    // in seconds after the first call, beside the times of the two faults.
    const t0 = Math.min(...firsts);
    const second = (ms: number) => Math.round((ms - t0) / 1000);
    const windows: string[] = [];
    for (let start = from; start < to; start += WINDOW_SECONDS * 1000) {
      const inWindow = admitted.filter((entry) => {
        const at = Date.parse(entry.at);
        return at >= start && at < start + WINDOW_SECONDS * 1000;
      });
      const counts = runs.map(
        (_, i) => inWindow.filter((entry) => entry.workspaceId === workspaceIds[i]).length,
      );
      windows.push(`${second(start)} s: ${counts.join('/')} (${inWindow.length} calls)`);
    }
    // The most requests any window of the API's held (the limit counts every admitted request of the
    // client id, token exchanges too), and the second-by-second count leading to the first late 429.
    const admittedTimes = entries
      .filter((entry) => entry.status !== 429)
      .map((entry) => Date.parse(entry.at))
      .sort((a, b) => a - b);
    const busiest = { calls: 0, from: t0 };
    for (let i = 0, j = 0; i < admittedTimes.length; i += 1) {
      const start = admittedTimes[i] as number;
      while (
        j < admittedTimes.length &&
        (admittedTimes[j] as number) < start + WINDOW_SECONDS * 1000
      )
        j += 1;
      if (j - i > busiest.calls) Object.assign(busiest, { calls: j - i, from: start });
    }
    /** Admitted requests in each of the `seconds` seconds from `at` ("second:count"). */
    const perSecondFrom = (at: number, seconds: number) =>
      Array.from({ length: seconds }, (_, i) => {
        const count = admittedTimes.filter((time) => second(time) === second(at) + i).length;
        return `${second(at) + i}:${count}`;
      }).join(' ');
    /** The longest time without an admitted request in the window after `at`. */
    const longestGapAfter = (at: number) => {
      const after = admittedTimes.filter((time) => time >= at && time <= at + 60_000);
      let gap = after.length > 0 ? (after[0] as number) - at : 0;
      for (let i = 1; i < after.length; i += 1) {
        gap = Math.max(gap, (after[i] as number) - (after[i - 1] as number));
      }
      return gap;
    };
    const firstLate429 = entries.find(
      (entry) => entry.status === 429 && Date.parse(entry.at) >= t0 + WINDOW_SECONDS * 1000,
    );
    const perSecondBeforeLate429: string[] = [];
    if (firstLate429) {
      const until429 = second(Date.parse(firstLate429.at));
      for (let at = Math.max(0, until429 - WINDOW_SECONDS - 5); at <= until429; at += 1) {
        const count = admittedTimes.filter((time) => second(time) === at).length;
        perSecondBeforeLate429.push(`${at}:${count}`);
      }
    }
    console.log(
      [
        `faults: worker killed at ${second(killedAt)} s, PostgreSQL restarted at ${second(restartedAt)} s ` +
          `(down for ${(restartedFor / 1000).toFixed(1)} s, no API call for ${(longestGapAfter(restartedAt) / 1000).toFixed(1)} s); ` +
          `firsts ${firsts.map(second).join('/')} s, lasts ${lasts.map(second).join('/')} s`,
        `late 429s: ${
          entries
            .filter(
              (entry) => entry.status === 429 && Date.parse(entry.at) >= t0 + WINDOW_SECONDS * 1000,
            )
            .map((entry) => `${second(Date.parse(entry.at))} s ${entry.method} ${entry.path}`)
            .join(', ') || 'none'
        }`,
        `calls per window (small/medium/large): ${windows.join('; ')}`,
        `per second from the PostgreSQL restart: ${perSecondFrom(restartedAt, 45)}`,
        `busiest ${WINDOW_SECONDS} s (any start): ${busiest.calls} requests from ${second(busiest.from)} s; ` +
          `per second before the first late 429: ${perSecondBeforeLate429.join(' ') || '-'}`,
      ].join('\n'),
    );
    console.log(
      [
        `cluster suite: set-up ${Math.round((setUp - started) / 1000)} s, migrations ${Math.round((finished - setUp) / 1000)} s`,
        `all three running for ${Math.round((to - from) / 1000)} s: ` +
          `${rate.toFixed(2)} calls/s of ${LIMIT_PER_SECOND} allowed (${((rate / LIMIT_PER_SECOND) * 100).toFixed(1)}%), ${late429} 429s after the first window`,
        ...perRun.map(
          (r) =>
            `  ${r.run} (weight ${r.weight}): ${(r.share * 100).toFixed(1)}% of the calls, due ${(r.due * 100).toFixed(1)}%`,
        ),
        ...runs.map(
          (run, i) =>
            `  ${run.name}: ${times(i).length} calls, ${outcomes[i]?.status}, verified ${String(outcomes[i]?.progress.verification?.verified)}`,
        ),
      ].join('\n'),
    );

    // The audit reads every workspace through the same client id: after one quiet window, one
    // workspace at a time, so it stays within the limit the runs have just used up.
    await new Promise((resolve) => setTimeout(resolve, WINDOW_SECONDS * 1000));
    const audits: WorkspaceAudit[] = [];
    for (const run of runs) {
      audits.push(
        await auditWorkspace(credentialsPath, companies.get(run.name) as GeneratedCompany, {
          profile: run.name,
        }),
      );
    }
    console.log(
      runs
        .map(
          (run, i) =>
            `  ${run.name}: ${audits[i]?.duplicates.length} duplicates, ${audits[i]?.gaps.length} gaps`,
        )
        .join('\n'),
    );

    for (const [i, outcome] of outcomes.entries()) {
      expect(outcome.status, runs[i]?.name).toBe('completed');
      expect(outcome.progress.verification?.verified, runs[i]?.name).toBe(true);
      expect(audits[i]?.duplicates, runs[i]?.name).toEqual([]);
      expect(audits[i]?.gaps, runs[i]?.name).toEqual([]);
      expect(audits[i]?.extras, runs[i]?.name).toEqual([]);
    }
    expect(to - from).toBeGreaterThan(20_000);
    for (const r of perRun) {
      expect(Math.abs(r.share - r.due) / r.due, `${r.run}'s share`).toBeLessThanOrEqual(0.1);
    }
    expect(rate / LIMIT_PER_SECOND).toBeGreaterThanOrEqual(0.95);
    expect(late429).toBe(0);
  });
});
