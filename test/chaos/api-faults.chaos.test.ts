import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FaultRule } from '../../sandbox/index.js';
import { generateCompany } from '../../src/synthetic-company/company-generator.js';
import { writeGenericCsv } from '../../src/synthetic-company/write-generic-csv.js';
import {
  startMigrationStack,
  uniqueRunName,
  type MigrationStack,
  liveRun,
} from '../support/migration-stack.js';
import { waitFor } from '../support/wait.js';
import { chaosRandom } from './support/chaos-random.js';
import { faultCompany } from './support/chaos-companies.js';
import { resultWithin } from './support/diagnose.js';
import { startInProcessWorkers, type InProcessWorkers } from './support/in-process-workers.js';
import { liveOutcomes, reconciled } from './support/outcomes.js';
import { countStatus, partnerRequests, routeOf, tallyByRoute } from './support/request-log.js';
import { summary } from './support/summary.js';
import { expectRunHeld } from './support/workspace-audit.js';

/** The Partner API client's request deadline in the latency test (the default is 30 s). */
const CLIENT_TIMEOUT_MS = 1_000;

describe('API faults injected by the sandbox', () => {
  let stack: MigrationStack;
  let workers: InProcessWorkers | undefined;
  const company = generateCompany(faultCompany, 53);
  let folder: string;

  // A fresh workspace per test: a second run in the same one would match the first run's records.
  beforeEach(async () => {
    stack = await startMigrationStack({ inProcessWorkers: false });
    folder = path.join(stack.dir, 'exports');
    await writeGenericCsv(company.records, folder);
  });
  afterEach(async () => {
    await workers?.stop();
    workers = undefined;
    await stack.close();
  });

  async function migrate(runName: string, onStarted?: (ended: () => boolean) => Promise<void>) {
    const handle = await stack.start({
      ...liveRun(company, folder, runName),
      batchSize: 4,
    });
    const started = Date.now();
    let ended = false;
    const result = handle.result();
    result.then(
      () => (ended = true),
      () => (ended = true),
    );
    await onStarted?.(() => ended);
    const outcome = await resultWithin(stack.client, handle.workflowId, result, 180_000);
    const seconds = Math.round((Date.now() - started) / 1000);
    // What the run met, before the faults are switched off for the audit's own reads.
    const log = partnerRequests(stack.sandbox.admin.requestLog());
    stack.sandbox.admin.clearFaults();
    const audit = await expectRunHeld(
      outcome,
      stack.sandbox,
      stack.worker.credentialsPath as string,
      company,
    );
    const matched = reconciled(await liveOutcomes(stack.worker.runsDir, runName));
    return { outcome, audit, matched, log, seconds };
  }

  it('5% of requests on every route answer 500', async () => {
    const random = chaosRandom('faults-500');
    const seed = random.int(0, 0xffffff);
    stack.sandbox.admin.setFault({ path: '/partners/*', errorRate: 0.05, seed });
    workers = await startInProcessWorkers(stack);
    const { audit, matched, log, seconds } = await migrate(uniqueRunName('faults-500'));

    const errors = countStatus(log, 500);
    expect(errors).toBeGreaterThan(0);
    summary('api-500s', {
      seed: random.seed,
      faultSeed: seed,
      requests: log.length,
      answered500: errors,
      byRoute: tallyByRoute(log, 500),
      reconciledRows: matched.length,
      duplicates: audit.duplicates.length,
      gaps: audit.gaps.length,
      runSeconds: seconds,
    });
  });

  it('429 bursts, with and without Retry-After', async () => {
    const bursts: FaultRule[] = [
      // With Retry-After: the retry waits what the API asks.
      { method: 'POST', path: '/partners/invoices', burst429: { count: 8, retryAfterSeconds: 1 } },
      { method: 'GET', path: '/partners/*', burst429: { count: 4, retryAfterSeconds: 2 } },
      // Without: the client's own backoff.
      {
        method: 'POST',
        path: '/partners/customers/bulk',
        burst429: { count: 3, retryAfterSeconds: null },
      },
      { method: 'POST', path: '/partners/bills', burst429: { count: 6, retryAfterSeconds: null } },
    ];
    for (const rule of bursts) stack.sandbox.admin.setFault(rule);
    workers = await startInProcessWorkers(stack);
    const { audit, matched, log, seconds } = await migrate(uniqueRunName('faults-429'));

    // Every burst was spent in full, and nothing else was refused.
    const refused = tallyByRoute(log, 429);
    expect(countStatus(log, 429)).toBe(
      bursts.reduce((n, rule) => n + (rule.burst429?.count ?? 0), 0),
    );
    expect(refused['POST /partners/invoices']).toBe(8);
    expect(refused['POST /partners/customers/bulk']).toBe(3);
    expect(refused['POST /partners/bills']).toBe(6);
    summary('api-429s', {
      requests: log.length,
      answered429: countStatus(log, 429),
      byRoute: refused,
      reconciledRows: matched.length,
      duplicates: audit.duplicates.length,
      gaps: audit.gaps.length,
      runSeconds: seconds,
    });
  });

  it("answers slower than the client's request deadline (the writes still commit)", async () => {
    // The writes land 0.8 s after the client gave up, before the retry (1 s later) reconciles:
    // reconciliation must find them. A write landing after that read is duplicated: a known bug,
    // pinned down in late-write.chaos.test.ts.
    const slow = CLIENT_TIMEOUT_MS + 800;
    const slowRoutes = [
      { method: 'POST', path: '/partners/customers/bulk' },
      { method: 'POST', path: '/partners/invoices' },
      { method: 'GET', path: '/partners/bills' },
    ];
    for (const route of slowRoutes) stack.sandbox.admin.setFault({ ...route, latencyMs: slow });
    workers = await startInProcessWorkers(stack, { client: { timeoutMs: CLIENT_TIMEOUT_MS } });
    const timedOut = () =>
      stack.sandbox.admin.requestLog().filter((entry) => entry.durationMs >= slow);

    const { audit, matched, log, seconds } = await migrate(
      uniqueRunName('faults-latency'),
      async (ended) => {
        // Each slow route keeps timing out until it has done so a few times; then it recovers.
        // The routes are watched at once, and a route the run no longer needs (it ended without
        // calling it three times) is not waited for.
        await Promise.all(
          slowRoutes.map(async (route) => {
            await waitFor(
              `three answers past the deadline on ${route.method} ${route.path}, or the run's end`,
              () =>
                ended() ||
                timedOut().filter((e) => routeOf(e) === `${route.method} ${route.path}`).length >=
                  3,
              { timeoutMs: 170_000 },
            );
            stack.sandbox.admin.setFault({ ...route, latencyMs: 0 });
          }),
        );
      },
    );

    const late = log.filter((entry) => entry.durationMs >= slow);
    // The client gave up on these, yet the sandbox applied the writes among them: reconciliation
    // must have found those rows instead of sending them again.
    expect(late.filter((e) => e.method === 'POST' && e.status === 201).length).toBeGreaterThan(0);
    expect(matched.length).toBeGreaterThan(0);
    summary('api-latency', {
      clientTimeoutMs: CLIENT_TIMEOUT_MS,
      latencyMs: slow,
      requests: log.length,
      pastDeadline: late.length,
      byRoute: Object.fromEntries(
        slowRoutes.map((r) => [
          `${r.method} ${r.path}`,
          late.filter((e) => routeOf(e) === `${r.method} ${r.path}`).length,
        ]),
      ),
      reconciledRows: matched.length,
      duplicates: audit.duplicates.length,
      gaps: audit.gaps.length,
      runSeconds: seconds,
    });
  });

  it('writes committed, then the connection dropped before the answer', async () => {
    const drops: FaultRule[] = [
      { method: 'POST', path: '/partners/chart-of-accounts/bulk', commitThenDrop: { count: 1 } },
      { method: 'POST', path: '/partners/customers/bulk', commitThenDrop: { count: 1 } },
      { method: 'POST', path: '/partners/vendors', commitThenDrop: { count: 1 } },
      { method: 'POST', path: '/partners/products', commitThenDrop: { count: 1 } },
      { method: 'PATCH', path: '/partners/workspace', commitThenDrop: { count: 1 } },
      { method: 'POST', path: '/partners/opening-balance', commitThenDrop: { count: 1 } },
      { method: 'POST', path: '/partners/invoices', commitThenDrop: { count: 2 } },
      { method: 'POST', path: '/partners/journal-entries', commitThenDrop: { count: 1 } },
      { method: 'POST', path: '/partners/bills', commitThenDrop: { count: 2 } },
      // Bulk bank lines and payments, and the assignment of payments to documents.
      { method: 'POST', path: '/partners/transactions/*', commitThenDrop: { count: 4 } },
      { method: 'PUT', path: '/partners/transactions/*', commitThenDrop: { count: 1 } },
    ];
    for (const rule of drops) stack.sandbox.admin.setFault(rule);
    workers = await startInProcessWorkers(stack);
    const runName = uniqueRunName('faults-drop');
    const { audit, matched, log, seconds } = await migrate(runName);

    const dropped = tallyByRoute(log, 0);
    expect(countStatus(log, 0)).toBe(drops.reduce((n, r) => n + (r.commitThenDrop?.count ?? 0), 0));
    // The ambiguous-write path really ran: rows were found in the workspace, not sent again.
    expect(matched.length).toBeGreaterThan(0);
    const byStep: Record<string, number> = {};
    for (const outcome of matched) byStep[outcome.step] = (byStep[outcome.step] ?? 0) + 1;
    summary('api-commit-then-drop', {
      requests: log.length,
      dropped: countStatus(log, 0),
      byRoute: dropped,
      reconciledRows: matched.length,
      reconciledByStep: byStep,
      duplicates: audit.duplicates.length,
      gaps: audit.gaps.length,
      runSeconds: seconds,
    });
  });
});
