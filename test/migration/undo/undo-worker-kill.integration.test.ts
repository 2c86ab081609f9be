import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestLogEntry } from '../../../sandbox/index.js';
import { undoWorkflowId, type UndoInput } from '../../../src/migration/contracts/undo-types.js';
import { generateCompany } from '../../../src/synthetic-company/company-generator.js';
import { writeGenericCsv } from '../../../src/synthetic-company/write-generic-csv.js';
import { undoRun } from '../../../workflows/undo-run.js';
import {
  liveRun,
  startMigrationStack,
  TEST_PROFILE,
  uniqueRunName,
  type MigrationStack,
} from '../../support/migration-stack.js';
import type { RunningProcess } from '../../support/processes.js';
import { waitFor } from '../../support/wait.js';
import { startWorkerProcess } from '../../support/worker-process.js';

/** The reversal calls: Partner API writes (reports are POSTs that change nothing). */
function writes(log: readonly RequestLogEntry[]): RequestLogEntry[] {
  return log.filter(
    (entry) =>
      entry.path.startsWith('/partners/') &&
      !entry.path.startsWith('/partners/reports') &&
      entry.method !== 'GET',
  );
}

const succeeded = (entry: RequestLogEntry) => entry.status >= 200 && entry.status < 300;

/** The reversal calls after which the worker dies: into the transactions, before the documents. */
const KILL_AFTER = 4;

describe('worker SIGKILLed during an undo', () => {
  let stack: MigrationStack;
  const workers: RunningProcess[] = [];
  const company = generateCompany(
    {
      customers: 3,
      vendors: 2,
      products: 2,
      invoices: 6,
      bills: 4,
      bankTransactions: 4,
      paidShare: 0.5,
    },
    11,
  );
  let folder: string;

  beforeAll(async () => {
    stack = await startMigrationStack({ inProcessWorkers: false });
    folder = path.join(stack.dir, 'exports');
    await writeGenericCsv(company.records, folder);
    workers.push(await startWorkerProcess(stack));
  });
  afterAll(async () => {
    for (const worker of workers.splice(0)) await worker.stop('SIGKILL');
    await stack.close();
  });

  it('reverses each record exactly once after a restart, back to the pre-run trial balance', async () => {
    const runName = uniqueRunName('undo-kill');
    const live = await (await stack.start(liveRun(company, folder, runName))).result();
    expect(live.progress.verification).toMatchObject({ verified: true });

    const { admin } = stack.sandbox;
    const migrated = admin.requestLog().length;
    // Slow writes keep a reversal on the wire when the worker dies: its write commits after.
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      admin.setFault({ method, path: '/partners/*', latencyMs: 150 });
    }
    const input: UndoInput = { profile: TEST_PROFILE, runName, mode: 'live' };
    const handle = await stack.client.workflow.start(undoRun, {
      taskQueue: stack.settings.taskQueue,
      workflowId: undoWorkflowId(runName),
      args: [input],
    });
    await waitFor(
      `${KILL_AFTER} reversal calls`,
      () => writes(admin.requestLog().slice(migrated)).length >= KILL_AFTER,
      { timeoutMs: 150_000, intervalMs: 10 },
    );
    await (workers.pop() as RunningProcess).stop('SIGKILL');
    const killedAfter = writes(admin.requestLog().slice(migrated)).length;
    workers.push(await startWorkerProcess(stack));

    const done = await handle.result();
    expect(done.verification?.differences).toEqual([]);
    expect(done.verification?.balanced).toBe(true);

    const reversals = writes(admin.requestLog().slice(migrated));
    expect(reversals.length).toBeGreaterThan(killedAfter);
    // One unit is one call: a record reversed twice would show a successful call over the plan's.
    expect(reversals.filter(succeeded).length).toBeLessThanOrEqual(done.plan.calls);
    // A delete or an unassign of the same record never succeeds twice.
    const byRecord = new Map<string, number>();
    for (const entry of reversals.filter(succeeded)) {
      if (entry.method === 'POST') continue;
      const call = `${entry.method} ${entry.path}`;
      byRecord.set(call, (byRecord.get(call) ?? 0) + 1);
    }
    expect([...byRecord].filter(([, n]) => n > 1)).toEqual([]);
  });
});
