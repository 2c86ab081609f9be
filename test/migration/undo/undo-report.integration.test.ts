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

/** The undo workflow writes its report as HTML and XLSX beside the JSON, in the run folder. */
describe('the undo report written by the undo workflow', () => {
  let stack: MigrationStack;
  const company = generateCompany(
    {
      customers: 2,
      vendors: 2,
      products: 2,
      invoices: 3,
      bills: 2,
      bankTransactions: 2,
      paidShare: 0.5,
    },
    11,
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

  it('predicts in the dry run, and reports the verification of the live undo', async () => {
    const runName = uniqueRunName('undo-report');
    const live = await (await stack.start(liveRun(company, folder, runName))).result();
    expect(live.progress.verification).toMatchObject({ verified: true });

    const dry = await undo({ runName, mode: 'dry-run' });
    const dryPage = textOf(
      await readFile(path.join(dry.reportFolder!, 'undo-report.html'), 'utf8'),
    );
    expect(dryPage).toContain(`The live undo would make ${dry.plan.calls} API calls`);
    expect(dryPage).toContain('Dry run complete');
    const dryBook = await workbookIn(dry.reportFolder!);
    const planRows = dryBook.getWorksheet('Plan')!.rowCount;
    expect(planRows).toBe(dry.plan.groups.length + 2);

    const done = await undo({ runName, mode: 'live' });
    expect(done.verification?.balanced).toBe(true);
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
  });
});
