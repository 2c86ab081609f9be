import { readFile } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCompany } from '../../../src/synthetic-company/company-generator.js';
import { writeGenericCsv } from '../../../src/synthetic-company/write-generic-csv.js';
import { undoWorkflowId, type UndoInput } from '../../../src/migration/contracts/undo-types.js';
import { undoStatus } from '../../../src/reports/undo/undo-labels.js';
import { undoRun } from '../../../workflows/undo-run.js';
import { textOf } from '../../reports/undo/undo-page-text.js';
import {
  liveRun,
  startMigrationStack,
  TEST_PROFILE,
  uniqueRunName,
  type MigrationStack,
} from '../../support/migration-stack.js';

/**
 * The undo of a live run, and the report the undo workflow writes as HTML and XLSX beside the
 * JSON, in the run folder: one stack, one run, its dry and live undo checked for both.
 */
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

  async function workbookIn(reportFolder: string): Promise<ExcelJS.Workbook> {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path.join(reportFolder, 'undo-report.xlsx'));
    return workbook;
  }

  it('migrates the demo company, undoes it back to the pre-run trial balance, never reversing a record twice, and reports the dry run and the live undo', async () => {
    const runName = uniqueRunName('undo');
    const start = stack.sandbox.admin.counts();
    const live = await (await stack.start(liveRun(company, folder, runName))).result();
    expect(live.progress.verification).toMatchObject({ verified: true });

    const dry = await undo({ runName, mode: 'dry-run' });
    expect(dry.status).toBe('dry-run-complete');
    expect(dry.plan.calls).toBeGreaterThan(0);
    const beforeUndo = stack.sandbox.admin.counts();
    // The dry run's report predicts the live undo.
    const dryPage = textOf(
      await readFile(path.join(dry.reportFolder!, 'undo-report.html'), 'utf8'),
    );
    expect(dryPage).toContain(`The live undo would make ${dry.plan.calls} API calls`);
    expect(dryPage).toContain('Dry run complete');
    const dryBook = await workbookIn(dry.reportFolder!);
    const planRows = dryBook.getWorksheet('Plan')!.rowCount;
    expect(planRows).toBe(dry.plan.groups.length + 2);

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
    // The live undo's report gives its verification.
    const livePage = textOf(
      await readFile(path.join(done.reportFolder!, 'undo-report.html'), 'utf8'),
    );
    expect(livePage).toContain(
      `Status: ${undoStatus[done.status].icon} ${undoStatus[done.status].label}`,
    );
    expect(livePage).toContain('Every account holds the balance it held before the run');
    // What the API refused (a correction on an invoice a credit already reduced, say), with its reason.
    for (const left of done.verification?.notReversed ?? [])
      expect(livePage).toContain(left.reason);
    const liveBook = await workbookIn(done.reportFolder!);
    const summary = new Map<unknown, unknown>();
    liveBook.getWorksheet('Summary')!.eachRow((row) => {
      summary.set(row.getCell(1).value, row.getCell(2).value);
    });
    expect(summary.get('API calls made')).toBe(done.calls);
    expect(summary.get('Status')).toBe(undoStatus[done.status].label);

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
