import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCompany } from '../../../src/synthetic-company/company-generator.js';
import { writeGenericCsv } from '../../../src/synthetic-company/write-generic-csv.js';
import { undoWorkflowId, type UndoInput } from '../../../src/migration/contracts/undo-types.js';
import { undoRun } from '../../../workflows/undo-run.js';
import {
  liveRun,
  startMigrationStack,
  TEST_PROFILE,
  uniqueRunName,
  type MigrationStack,
} from '../../support/migration-stack.js';

describe('undo of a live run on a real dev server and sandbox', () => {
  let stack: MigrationStack;
  const company = generateCompany(
    {
      customers: 4,
      vendors: 3,
      products: 3,
      invoices: 8,
      bills: 5,
      bankTransactions: 5,
      paidShare: 0.5,
    },
    7,
  );
  let folder: string;

  beforeAll(async () => {
    stack = await startMigrationStack();
    folder = path.join(stack.dir, 'exports');
    await writeGenericCsv(company.records, folder);
  });
  afterAll(async () => stack.close());

  const undo = (input: Omit<UndoInput, 'profile'>) =>
    stack.client.workflow.execute(undoRun, {
      taskQueue: stack.settings.taskQueue,
      workflowId: undoWorkflowId(input.runName),
      args: [{ profile: TEST_PROFILE, ...input }],
    });

  it('migrates the demo company, undoes it back to the pre-run trial balance, never reversing a record twice', async () => {
    const runName = uniqueRunName('undo');
    const start = stack.sandbox.admin.counts();
    const live = await (await stack.start(liveRun(company, folder, runName))).result();
    expect(live.progress.verification).toMatchObject({ verified: true });

    const dry = await undo({ runName, mode: 'dry-run' });
    expect(dry.status).toBe('dry-run-complete');
    expect(dry.plan.calls).toBeGreaterThan(0);
    const beforeUndo = stack.sandbox.admin.counts();

    const done = await undo({ runName, mode: 'live' });
    expect(dry.plan.groups.filter((g) => g.phase !== 'undo-inactivate-accounts')).toEqual(
      done.plan.groups.filter((g) => g.phase !== 'undo-inactivate-accounts'),
    );
    expect(done.verification?.differences).toEqual([]);
    expect(done.verification?.balanced).toBe(true);
    // Every record the run created is reversed; the cutover date, which the API cannot clear, is
    // said as a kept setting and does not stand between the consultant and a verified undo.
    expect(done.verification?.notReversed).toEqual([]);
    expect(done.verification?.keptSettings?.map((kept) => kept.entity)).toEqual([
      'workspace-cutover',
    ]);
    expect(done.status).toBe('verified');
    expect(stack.sandbox.admin.counts()).not.toEqual(beforeUndo);

    // A second undo sends no reversal that already succeeded: only ones the API refused are
    // tried again (applying a correction to an invoice a credit already reduced, say).
    const again = await undo({ runName, mode: 'live' });
    const retried = new Set(['undo-apply-corrections', 'undo-inactivate-accounts']);
    expect(again.plan.groups.filter((g) => !retried.has(g.phase))).toEqual([]);
    expect(again.verification?.balanced).toBe(true);
    const afterUndo = stack.sandbox.admin.counts();

    // Migrating again after the undo creates the books afresh and verifies: the documents the
    // undo corrected are not matches, the customers it deactivated are used again.
    const rerunName = uniqueRunName('redo');
    const rerunHandle = await stack.start(liveRun(company, folder, rerunName));
    const rerun = await rerunHandle.result();
    expect(rerun.progress.verification).toMatchObject({ verified: true, differences: 0 });
    // No duplicate: the parties are the first run's, the documents and transactions are created
    // once more each (the cancelled ones stay beside them), none twice.
    const afterRerun = stack.sandbox.admin.counts();
    for (const list of ['customers', 'vendors', 'products', 'transactions'] as const) {
      expect(afterRerun[list]).toBe(beforeUndo[list]);
    }
    for (const list of ['invoices', 'creditMemos', 'bills', 'vendorMemos'] as const) {
      const created = (after: typeof start) => (after[list] ?? 0) - (start[list] ?? 0);
      expect(created(afterRerun) - created(afterUndo)).toBe(created(beforeUndo));
    }
  });
});
