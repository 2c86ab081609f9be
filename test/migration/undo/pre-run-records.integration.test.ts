import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { undoWorkflowId, type UndoInput } from '../../../src/migration/contracts/undo-types.js';
import type { RowOutcome } from '../../../src/migration/outcomes/row-outcome.js';
import { OutcomeLog } from '../../../src/migration/outcomes/indexed-log.js';
import { createPartnerApiClient, type PartnerApiClient } from '../../../src/partner-api/index.js';
import { openRunStores } from '../../../src/run-store/open-run-store.js';
import { readWholeLog } from '../../../src/run-store/run-store.js';
import { generateCompany } from '../../../src/synthetic-company/company-generator.js';
import { writeGenericCsv } from '../../../src/synthetic-company/write-generic-csv.js';
import { finishSignal, progressQuery } from '../../../workflows/handlers.js';
import { undoRun } from '../../../workflows/undo-run.js';
import {
  liveRun,
  startMigrationStack,
  TEST_PROFILE,
  uniqueRunName,
  type MigrationStack,
} from '../../support/migration-stack.js';
import { waitFor, waitForWorkflow } from '../../support/wait.js';

/**
 * Issue 29, item 4: the workspace holds two customers with the name of a legacy customer, so the
 * run creates it, and that create fails without being applied (a 500, which may have committed).
 * Reconciliation must not hand the row one of the two that were there before the run, and an undo
 * must never deactivate a record from before the run, whatever an outcome claims.
 */
describe('records the workspace held before the run', () => {
  let stack: MigrationStack;
  let client: PartnerApiClient;
  let folder: string;
  const company = generateCompany(
    {
      customers: 3,
      vendors: 1,
      products: 1,
      invoices: 0,
      bills: 0,
      bankTransactions: 0,
      paidShare: 0,
    },
    29,
  );
  const legacy = company.records.flatMap((r) => (r.entity === 'customer' ? [r.value] : []))[0];
  if (!legacy) throw new Error('the company has no customer');

  beforeAll(async () => {
    stack = await startMigrationStack();
    folder = path.join(stack.dir, 'exports');
    await writeGenericCsv(company.records, folder);
    client = createPartnerApiClient({
      credentialsPath: stack.worker.credentialsPath as string,
      profile: TEST_PROFILE,
      env: {},
    });
  });
  afterAll(async () => {
    await client?.close();
    await stack?.close();
  });

  const outcomesOf = async (runName: string): Promise<RowOutcome[]> => {
    const stores = openRunStores({ runsDir: stack.worker.runsDir });
    try {
      return (await readWholeLog(await stores.open(runName), 'outcomes/live')) as RowOutcome[];
    } finally {
      await stores.close();
    }
  };
  const undo = (input: Omit<UndoInput, 'profile'>) =>
    stack.client.workflow.execute(undoRun, {
      taskQueue: stack.settings.taskQueue,
      workflowId: undoWorkflowId(input.runName),
      args: [{ profile: TEST_PROFILE, ...input }],
    });
  const statusOf = async (id: string) => (await client.customers.get(id)).status;

  it('are never claimed after an unapplied create, and never deactivated by an undo', async () => {
    const before = [
      (await client.customers.create({ customer: legacy.name })).data.id,
      (await client.customers.create({ customer: legacy.name })).data.id,
    ];
    // Every customer create fails with a 500 (nothing applied) until the first has been seen.
    stack.sandbox.admin.setFault({
      method: 'POST',
      path: '/partners/customers/bulk',
      errorRate: 1,
    });
    const runName = uniqueRunName('pre-run-acme');
    const handle = await stack.start({
      ...liveRun(company, folder, runName),
      steps: ['accounts', 'customers'],
      finishWhenClean: false,
    });
    await waitFor(
      'the customers create to fail unapplied',
      () =>
        stack.sandbox.admin
          .requestLog()
          .some((r) => r.path === '/partners/customers/bulk' && r.status === 500),
      { timeoutMs: 120_000 },
    );
    stack.sandbox.admin.clearFaults();
    await waitForWorkflow(
      'the run to wait for the operator',
      handle,
      async () => (await handle.query(progressQuery)).phase === 'awaiting-operator',
      { timeoutMs: 120_000 },
    );
    await handle.signal(finishSignal, {});
    await handle.result();

    // The premise: after the failed create, reconciliation listed the customers before resending.
    const log = stack.sandbox.admin.requestLog();
    const failedAt = log.findIndex(
      (r) => r.path === '/partners/customers/bulk' && r.status === 500,
    );
    const resentAt = log.findIndex(
      (r, at) => at > failedAt && r.path === '/partners/customers/bulk' && r.status === 200,
    );
    expect(
      log
        .slice(failedAt, resentAt)
        .some((r) => r.method === 'GET' && r.path === '/partners/customers'),
    ).toBe(true);
    const latest = (await outcomesOf(runName)).filter(
      (o) => o.entity === 'customer' && o.key === legacy.key,
    );
    const settled = latest.at(-1);
    expect(settled?.status).toBe('created');
    expect(before).not.toContain(settled?.id);
    expect(latest.filter((o) => o.code === 'reconciled')).toEqual([]);

    const done = await undo({ runName, mode: 'live', steps: ['customers'] });
    expect(done.status).toBe('verified');
    expect(await statusOf(settled?.id as string)).toBe('inactive');
    for (const id of before) expect(await statusOf(id)).toBe('active');
  });

  it('stay as they are when an outcome claims one (an outcome from before the check)', async () => {
    const earlier = (await client.customers.create({ customer: legacy.name })).data.id;
    const runName = uniqueRunName('pre-run-claimed');
    const handle = await stack.start({
      ...liveRun(company, folder, runName),
      steps: ['accounts', 'customers'],
      finishWhenClean: false,
    });
    await waitForWorkflow(
      'the run to wait for the operator',
      handle,
      async () => (await handle.query(progressQuery)).phase === 'awaiting-operator',
      { timeoutMs: 120_000 },
    );
    await handle.signal(finishSignal, {});
    await handle.result();
    // What reconciliation by name alone wrote: the row found "again" as the earlier customer.
    const stores = openRunStores({ runsDir: stack.worker.runsDir });
    try {
      await new OutcomeLog(await stores.open(runName), 'outcomes/live').append([
        {
          entity: 'customer',
          key: legacy.key,
          status: 'matched',
          code: 'reconciled',
          id: earlier,
          step: 'customers',
          phase: 'create',
        },
      ]);
    } finally {
      await stores.close();
    }

    const done = await undo({ runName, mode: 'live', steps: ['customers'] });
    expect(await statusOf(earlier)).toBe('active');
    expect(done.plan.notReversible).toBeGreaterThanOrEqual(1);
  });
});
