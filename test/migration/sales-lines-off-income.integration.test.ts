import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VerificationReport } from '../../src/migration/contracts/verification-report.js';
import { undoWorkflowId, type UndoInput } from '../../src/migration/contracts/undo-types.js';
import { readValidatedExports } from '../../src/migration/staging/validated-exports.js';
import { predictVerdict } from '../../src/migration/verification/predict-verdict.js';
import type { RunReport } from '../../src/reports/run-report.js';
import { finishSignal } from '../../workflows/handlers.js';
import { undoRun } from '../../workflows/undo-run.js';
import {
  startMigrationStack,
  TEST_PROFILE,
  uniqueRunName,
  type MigrationStack,
} from '../support/migration-stack.js';

/**
 * A US Xero organisation that recharges freight to its customer on the freight expense account, as
 * Xero lets it: each sales invoice has a line on 425 Freight (an expense), and a credit note
 * refunds part of one. The API takes a sales line only on an income account (R26), so the line
 * goes through Ledgerlift's clearing account and a journal moves it to 425 Freight.
 */
const cutoverDate = '2026-07-01';
const endDate = '2026-09-30';

const header =
  'ContactName,InvoiceNumber,Reference,InvoiceDate,DueDate,Total,TaxTotal,InvoiceAmountPaid,InvoiceAmountDue,InventoryItemCode,Description,Quantity,UnitAmount,Discount,LineAmount,AccountCode,TaxType,TaxAmount,Currency,Type,Sent,Status';

const files: Record<string, string> = {
  'Chart of Accounts.csv': [
    '*Code,*Name,*Type,*Tax Code,Description,Dashboard,Expense Claims,Enable Payments,Balance',
    '090,Checking,Bank,Tax Exempt,,Yes,No,No,',
    '610,Accounts Receivable,Accounts Receivable,Tax Exempt,,No,No,No,',
    '800,Accounts Payable,Accounts Payable,Tax Exempt,,No,No,No,',
    '820,Sales Tax,Sales Tax,Tax Exempt,,No,No,No,',
    '960,Retained Earnings,Retained Earnings,Tax Exempt,,No,No,No,',
    "970,Owner's Capital,Equity,Tax Exempt,,No,No,No,",
    '200,Sales,Revenue,Tax on Sales (8.25%),,No,No,No,',
    '425,Freight,Expense,Tax Exempt,,No,No,No,',
  ].join('\n'),
  'Contacts.csv': 'ContactName,EmailAddress\nAcme Corp,ap@acme.example\n',
  'Sales Invoices.csv': [
    header,
    'Acme Corp,INV-0001,,07/15/2026,08/14/2026,1127.50,82.50,1127.50,0.00,,Consulting,10.0000,100.0000,,1000.00,200,Tax on Sales (8.25%),82.50,USD,Sales invoice,Sent,PAID',
    'Acme Corp,INV-0001,,07/15/2026,08/14/2026,1127.50,82.50,1127.50,0.00,,Freight recharge,1.0000,45.0000,,45.00,425,Tax Exempt,0.00,USD,Sales invoice,Sent,PAID',
    'Acme Corp,INV-0002,,08/20/2026,09/19/2026,571.25,41.25,0.00,571.25,,Consulting,5.0000,100.0000,,500.00,200,Tax on Sales (8.25%),41.25,USD,Sales invoice,Sent,AUTHORISED',
    'Acme Corp,INV-0002,,08/20/2026,09/19/2026,571.25,41.25,0.00,571.25,,Freight recharge,1.0000,30.0000,,30.00,425,Tax Exempt,0.00,USD,Sales invoice,Sent,AUTHORISED',
    'Acme Corp,CN-0001,,08/25/2026,,10.00,0.00,0.00,10.00,,Freight refund,1.0000,10.0000,,10.00,425,Tax Exempt,0.00,USD,Sales credit note,Sent,AUTHORISED',
  ].join('\n'),
  'Payments.csv': [
    'PaymentID,Date,PaymentType,ContactName,InvoiceNumber,Amount,Currency,BankAccountCode,Reference',
    'RCPT-0001,08/03/2026,ACCRECPAYMENT,Acme Corp,INV-0001,1127.50,USD,090,Check 5512',
  ].join('\n'),
  'Opening Trial Balance.csv': [
    'Trial Balance',
    'Harbour Freight Services',
    '"As at June 30, 2026"',
    '',
    'Account,Debit,Credit,YTD Debit,YTD Credit',
    'Revenue',
    'Sales (200),,,,"15,000.00"',
    'Expenses',
    'Freight (425),,,"2,000.00",',
    'Assets',
    'Checking (090),,,"23,000.00",',
    'Equity',
    'Owner\'s Capital (970),,,,"10,000.00"',
    'Total,,,"25,000.00","25,000.00"',
  ].join('\n'),
  // Freight: 2,000.00 less the recharges of 45.00 and 30.00, plus the refund of 10.00.
  'Trial Balance.csv': [
    'Trial Balance',
    'Harbour Freight Services',
    '"As at September 30, 2026"',
    '',
    'Account,Debit,Credit,YTD Debit,YTD Credit',
    'Revenue',
    'Sales (200),,"1,500.00",,"16,500.00"',
    'Expenses',
    'Freight (425),,65.00,"1,935.00",',
    'Assets',
    'Checking (090),"1,127.50",,"24,127.50",',
    'Accounts Receivable (610),561.25,,561.25,',
    'Liabilities',
    'Sales Tax (820),,123.75,,123.75',
    'Equity',
    'Owner\'s Capital (970),,,,"10,000.00"',
    'Total,"1,688.75","1,688.75","26,623.75","26,623.75"',
  ].join('\n'),
};

describe('sales lines on an account other than income', () => {
  let stack: MigrationStack;
  let folder: string;
  beforeAll(async () => {
    stack = await startMigrationStack();
    folder = path.join(stack.dir, uniqueRunName('exports'));
    await mkdir(folder, { recursive: true });
    for (const [name, text] of Object.entries(files))
      await writeFile(path.join(folder, name), `${text}\n`);
  });
  afterAll(async () => stack.close());

  const undo = (input: Omit<UndoInput, 'profile'>) =>
    stack.client.workflow.execute(undoRun, {
      taskQueue: stack.settings.taskQueue,
      workflowId: undoWorkflowId(input.runName),
      args: [{ profile: TEST_PROFILE, ...input }],
    });

  it('verify as validate predicted: the recharges on 425 Freight, clearing at zero, and undo restores the books', async () => {
    const predicted = await predictVerdict(
      readValidatedExports({
        runName: 'validate',
        stageId: 'validate',
        source: { folder, format: 'xero' },
        cutoverDate,
        endDate,
        currency: 'USD',
        batchSize: 25,
      }),
      { cutoverDate, endDate, baseCurrency: 'USD', batchSize: 25 },
    );
    expect(predicted.report).toMatchObject({ verified: true, differences: 0 });

    const runName = uniqueRunName('sales-lines');
    const handle = await stack.start({
      runName,
      source: { folder, format: 'xero' },
      cutoverDate,
      endDate,
      mode: 'live',
      batchSize: 25,
    });
    // A run that needs review waits for the consultant; finishing up front ends it after its
    // verification instead, whatever that verification finds.
    await handle.signal(finishSignal, {});
    const outcome = await handle.result();
    const report = JSON.parse(
      await readFile(path.join(outcome.progress.reportFolder ?? '', 'report.json'), 'utf8'),
    ) as RunReport;
    const verification = report.verification as VerificationReport;
    expect(report.failedRows).toEqual([]);
    expect(outcome.status).toBe('completed');
    expect(outcome.progress.verification).toMatchObject({
      verified: true,
      differences: 0,
      clearingBalance: '0.00',
    });
    const balance = (name: string) =>
      verification.accounts.find((line) => line.name === name)?.actual;
    expect(balance('425 Freight')).toBe('1935.00');
    expect(balance('200 Sales')).toBe('-16500.00');
    // The consultant reads where each line went, on the line's own row.
    expect(report.problemCodes).toContainEqual({
      severity: 'info',
      code: 'line.reclassified',
      count: 3,
    });
    // One journal a month moves the lines to 425 Freight: July's recharge, then August's net of
    // the refund.
    const workspaceId = stack.sandbox.config.workspaces[0]?.id ?? '';
    const movedToFreight = () =>
      stack.sandbox.admin
        .journalLines(workspaceId)
        .filter((line) => line.memo.includes('line-reclass') && line.accountName === 'Freight')
        .map((line) => `Dr ${line.debit} Cr ${line.credit}`)
        .sort();
    expect(movedToFreight()).toEqual(['Dr 0.00 Cr 20.00', 'Dr 0.00 Cr 45.00']);

    const done = await undo({ runName, mode: 'live' });
    expect(done.verification?.differences).toEqual([]);
    expect(done.verification?.notReversed).toEqual([]);
    expect(done.status).toBe('verified');
    expect(movedToFreight()).toEqual([]);
  }, 600_000);
});
