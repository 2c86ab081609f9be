import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  generateCompany,
  type CompanySize,
} from '../../src/synthetic-company/company-generator.js';
import { writeGenericCsv } from '../../src/synthetic-company/write-generic-csv.js';
import { finishSignal, progressQuery } from '../../workflows/handlers.js';
import { startMigrationStack, uniqueRunName, liveRun } from '../support/migration-stack.js';
import { waitFor, waitForWorkflow } from '../support/wait.js';
import { startInProcessWorkers } from './support/in-process-workers.js';
import { routeOf } from './support/request-log.js';
import { summary } from './support/summary.js';
import { liveOutcomes, reconciled } from './support/outcomes.js';
import { auditWorkspace } from './support/workspace-audit.js';

const size: CompanySize = {
  customers: 4,
  vendors: 3,
  products: 3,
  invoices: 6,
  bills: 4,
  bankTransactions: 4,
  paidShare: 0,
};

const CLIENT_TIMEOUT_MS = 1_000;
/** Longer than the deadline plus the first retry's delay (1 s): a retry that did not wait would look too early. */
const SERVER_DELAY_MS = 3_500;

/**
 * A write the API applies only after the client's deadline has passed. The API has no idempotency
 * key, so the engine waits a settle window after such a call before it looks for the rows and
 * resends the missing ones (LEDGERLIFT_AMBIGUOUS_WRITE_SETTLE_SECONDS, docs/reliability.md). A
 * window longer than the API's delay finds every late row; a window shorter than it cannot, and the
 * rows are created twice: the second case pins down why the default must outlast any such delay.
 */
describe('a write the API applies after the client gave up', () => {
  const company = generateCompany(size, 13);
  const customers = company.records.filter((r) => r.entity === 'customer');

  /** Migrates the customers with the first bulk call applied late; `writes` calls must land. */
  async function migrateCustomers(settleSeconds: number, writesToAwait: number) {
    const stack = await startMigrationStack({
      inProcessWorkers: false,
      worker: { ambiguousSettleSeconds: settleSeconds },
    });
    const workers = await startInProcessWorkers(stack, {
      client: { timeoutMs: CLIENT_TIMEOUT_MS },
    });
    try {
      const folder = path.join(stack.dir, 'exports');
      await writeGenericCsv(company.records, folder);
      // Only the first call is slow: a resend is answered at once, so by the time the run waits
      // for the operator every call it made has landed and is in the request log.
      stack.sandbox.admin.setFault({
        method: 'POST',
        path: '/partners/customers/bulk',
        latencyMs: SERVER_DELAY_MS,
        latencyCount: 1,
      });
      const runName = uniqueRunName('late-write');
      const handle = await stack.start({
        ...liveRun(company, folder, runName),
        steps: ['customers'],
        finishWhenClean: false,
      });
      const writes = () =>
        stack.sandbox.admin
          .requestLog()
          .filter((e) => routeOf(e) === 'POST /partners/customers/bulk');
      await waitForWorkflow(
        'the run to wait for the operator',
        handle,
        async () => (await handle.query(progressQuery)).phase === 'awaiting-operator',
        { timeoutMs: 120_000 },
      );
      // A late first call can still be on its way in after the run is done (the case it loses).
      await waitFor(`${writesToAwait} bulk calls to land`, () => writes().length >= writesToAwait, {
        timeoutMs: 30_000,
      });
      await handle.signal(finishSignal, {});
      await handle.result();
      const audit = await auditWorkspace(stack.worker.credentialsPath as string, company);
      const outcomes = await liveOutcomes(stack.worker.runsDir, runName);
      return {
        audit,
        writes: writes().length,
        lateWrites: writes().filter((e) => e.durationMs >= SERVER_DELAY_MS).length,
        reconciled: reconciled(outcomes).length,
      };
    } finally {
      await workers.stop();
      await stack.close();
    }
  }

  it('is found, not resent, when the settle window outlasts the delay', async () => {
    const result = await migrateCustomers(SERVER_DELAY_MS / 1000 + 2, 1);
    summary('late-write (settle 5.5 s)', {
      clientTimeoutMs: CLIENT_TIMEOUT_MS,
      serverDelayMs: SERVER_DELAY_MS,
      writes: result.writes,
      lateWrites: result.lateWrites,
      reconciled: result.reconciled,
      duplicates: result.audit.duplicates.length,
    });
    expect(result.audit.duplicates).toEqual([]);
    expect(result.audit.gaps.filter((g) => g.startsWith('customer '))).toEqual([]);
    expect(result.writes).toBe(1);
    expect(result.reconciled).toBe(customers.length);
  });

  it('is created twice when the settle window is shorter than the delay', async () => {
    const result = await migrateCustomers(0, 2);
    summary('late-write (settle 0 s)', {
      clientTimeoutMs: CLIENT_TIMEOUT_MS,
      serverDelayMs: SERVER_DELAY_MS,
      writes: result.writes,
      lateWrites: result.lateWrites,
      duplicates: result.audit.duplicates.length,
    });
    // The lookup ran before the late call landed, so the resend created every customer again.
    expect(result.writes).toBe(2);
    expect(result.audit.duplicates.filter((d) => /^customer .* x2$/.test(d))).toHaveLength(
      customers.length,
    );
  });
});
