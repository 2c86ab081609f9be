import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { undoWorkflowId, type UndoInput } from '../../../src/migration/contracts/undo-types.js';
import { generateCompany } from '../../../src/synthetic-company/company-generator.js';
import { writeGenericCsv } from '../../../src/synthetic-company/write-generic-csv.js';
import { progressQuery } from '../../../workflows/handlers.js';
import { undoRun } from '../../../workflows/undo-run.js';
import {
  liveRun,
  startMigrationStack,
  TEST_PROFILE,
  uniqueRunName,
  type MigrationStack,
} from '../../support/migration-stack.js';
import { waitForWorkflow } from '../../support/wait.js';

describe('partial undo of payments, then a re-run of the payments step', () => {
  let stack: MigrationStack;
  const company = generateCompany(
    {
      customers: 3,
      vendors: 2,
      products: 2,
      invoices: 6,
      bills: 4,
      bankTransactions: 3,
      paidShare: 0.6,
    },
    23,
  );
  let folder: string;

  beforeAll(async () => {
    stack = await startMigrationStack();
    folder = path.join(stack.dir, 'exports');
    await writeGenericCsv(company.records, folder);
  });
  afterAll(async () => stack.close());

  it('undoes only the payments, and a re-run of the payments step creates them again and verifies', async () => {
    const runName = uniqueRunName('undo-pay');
    const live = await (await stack.start(liveRun(company, folder, runName))).result();
    expect(live.progress.verification).toMatchObject({ verified: true });
    const migrated = stack.sandbox.admin.counts();

    const input: UndoInput = { profile: TEST_PROFILE, runName, mode: 'live', steps: ['payments'] };
    const undone = await stack.client.workflow.execute(undoRun, {
      taskQueue: stack.settings.taskQueue,
      workflowId: undoWorkflowId(runName),
      args: [input],
    });
    expect(undone.plan.groups.length).toBeGreaterThan(0);
    expect(undone.plan.groups.every((group) => group.step === 'payments')).toBe(true);
    // With only the payments gone, the books are the run's less its payments: not the snapshot.
    expect(undone.verification?.balanced).toBe(false);
    expect(stack.sandbox.admin.counts().transactions).toBeLessThan(migrated.transactions ?? 0);

    const rerun = await stack.start({ ...liveRun(company, folder, runName), steps: ['payments'] });
    // The payments step runs although the steps it depends on are left out (the first pass did
    // them). It plans afresh for what the undo reversed: each transaction is created once more,
    // split where it was, and assigned again, including the payments of a single document whose
    // part the first pass settled without a call.
    const ended = await waitForWorkflow(
      'the re-run of the payments step to verify',
      rerun,
      async () => {
        const progress = await rerun.query(progressQuery);
        return progress.verification && !['staging', 'migrating'].includes(progress.phase)
          ? progress
          : undefined;
      },
      { timeoutMs: 120_000 },
    );
    const payments = ended.steps.find((s) => s.step === 'payments');
    expect(payments?.calls).toBeGreaterThan(0);
    expect(payments?.rows.failed).toBe(0);
    expect(ended.verification).toMatchObject({ verified: true, differences: 0 });
    // No duplicate payment: the transactions are back to the first run's, not more.
    expect(stack.sandbox.admin.counts().transactions).toBe(migrated.transactions);
    expect((await rerun.result()).status).toBe('completed');
  });
});
