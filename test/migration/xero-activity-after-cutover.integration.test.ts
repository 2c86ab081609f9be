import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { VerificationReport } from '../../src/migration/contracts/verification-report.js';
import { readValidatedExports } from '../../src/migration/staging/validated-exports.js';
import { predictVerdict } from '../../src/migration/verification/predict-verdict.js';
import type { RunReport } from '../../src/reports/run-report.js';
import { finishSignal } from '../../workflows/handlers.js';
import {
  startMigrationStack,
  uniqueRunName,
  type MigrationStack,
} from '../support/migration-stack.js';

/**
 * A small US Xero organisation converted mid-year (cutover 1 July 2026), with five months of
 * activity as Xero exports it: an invoice and its payment, tax-inclusive spend and receive money
 * lines with the tax beside the account code, US dates (the bank statement and payments fall on
 * the first days of a month, so only the invoice's date tells MM/DD from DD/MM), and Trial Balance
 * reports whose amounts carry thousands separators.
 */
const cutoverDate = '2026-07-01';
const endDate = '2026-11-30';

const files: Record<string, string> = {
  'Chart of Accounts.csv': [
    '*Code,*Name,*Type,*Tax Code,Description,Dashboard,Expense Claims,Enable Payments,Balance',
    '090,Checking,Bank,Tax Exempt,,Yes,No,No,',
    '610,Accounts Receivable,Accounts Receivable,Tax Exempt,,No,No,No,',
    '800,Accounts Payable,Accounts Payable,Tax Exempt,,No,No,No,',
    '814,Unpaid Expense Claims,Current Liability,Tax Exempt,,No,No,No,',
    '820,Sales Tax,Sales Tax,Tax Exempt,,No,No,No,',
    '960,Retained Earnings,Retained Earnings,Tax Exempt,,No,No,No,',
    "970,Owner's Capital,Equity,Tax Exempt,,No,No,No,",
    '200,Sales,Revenue,Tax on Sales (8.25%),,No,No,No,',
    '429,General Expenses,Expense,Tax on Purchases (8.25%),,No,Yes,No,',
    '493,Travel,Expense,Tax Exempt,,No,Yes,No,',
  ].join('\n'),
  'Contacts.csv': 'ContactName,EmailAddress\nAcme Corp,ap@acme.example\n',
  'Sales Invoices.csv': [
    'ContactName,InvoiceNumber,Reference,InvoiceDate,DueDate,Total,TaxTotal,InvoiceAmountPaid,InvoiceAmountDue,InventoryItemCode,Description,Quantity,UnitAmount,Discount,LineAmount,AccountCode,TaxType,TaxAmount,Currency,Type,Sent,Status',
    'Acme Corp,INV-0001,,07/15/2026,08/14/2026,1082.50,82.50,1082.50,0.00,,Consulting,10.0000,100.0000,,1000.00,200,Tax on Sales (8.25%),82.50,USD,Sales invoice,Sent,PAID',
  ].join('\n'),
  'Payments.csv': [
    'PaymentID,Date,PaymentType,ContactName,InvoiceNumber,Amount,Currency,BankAccountCode,Reference',
    'RCPT-0001,08/03/2026,ACCRECPAYMENT,Acme Corp,INV-0001,1082.50,USD,090,Check 5512',
  ].join('\n'),
  'Bank Statement.csv': [
    'Date,Amount,Payee,Description,Reference,Cheque Number,Bank Account,Account Code,Tax Type,Tax Amount',
    '08/01/2026,-108.25,Office Depot,Paper,,,090,429,Tax on Purchases (8.25%),8.25',
    '09/02/2026,-54.13,Staples,Toner,,,090,429,Tax on Purchases (8.25%),4.13',
    '10/01/2026,216.50,,Cash sale,,,090,200,Tax on Sales (8.25%),16.50',
    '11/03/2026,-25.00,,Bank fee,,,090,429,Tax Exempt,0.00',
  ].join('\n'),
  'Opening Trial Balance.csv': [
    'Trial Balance',
    'Maple Street Studio',
    '"As at June 30, 2026"',
    '',
    'Account,Debit,Credit,YTD Debit,YTD Credit',
    'Revenue',
    'Sales (200),,,,"15,000.00"',
    'Total Revenue,,,,"15,000.00"',
    'Expenses',
    'General Expenses (429),,,"5,000.00",',
    'Total Expenses,,,"5,000.00",',
    'Assets',
    'Checking (090),,,"20,000.00",',
    'Total Assets,,,"20,000.00",',
    'Equity',
    'Owner\'s Capital (970),,,,"10,000.00"',
    'Total Equity,,,,"10,000.00"',
    'Total,,,"25,000.00","25,000.00"',
  ].join('\n'),
};

/**
 * The Trial Balance report at the end date. Checking: 20,000.00 + 1,082.50 − 108.25 − 54.13 +
 * 216.50 − 25.00; Sales Tax: 82.50 + 16.50 − 8.25 − 4.13 (the tax of the bank lines on it, not in
 * the expense). With expense claims, 330.00 of claims fed General Expenses (80.00) and Travel
 * (250.00): Xero cannot export them, so the exports cannot rebuild those three balances.
 */
function closingTrialBalance(expenseClaims: boolean): string {
  return [
    'Trial Balance',
    'Maple Street Studio',
    '"As at November 30, 2026"',
    '',
    'Account,Debit,Credit,YTD Debit,YTD Credit',
    'Revenue',
    'Sales (200),,"1,200.00",,"16,200.00"',
    'Expenses',
    expenseClaims
      ? 'General Expenses (429),255.00,,"5,255.00",'
      : 'General Expenses (429),175.00,,"5,175.00",',
    ...(expenseClaims ? ['Travel (493),250.00,,250.00,'] : []),
    'Assets',
    'Checking (090),"1,111.62",,"21,111.62",',
    'Liabilities',
    'Sales Tax (820),,86.62,,86.62',
    ...(expenseClaims ? ['Unpaid Expense Claims (814),,330.00,,330.00'] : []),
    'Equity',
    'Owner\'s Capital (970),,,,"10,000.00"',
    expenseClaims
      ? 'Total,"1,616.62","1,616.62","26,616.62","26,616.62"'
      : 'Total,"1,286.62","1,286.62","26,286.62","26,286.62"',
  ].join('\n');
}

describe('a Xero organisation with activity after a mid-year cutover', () => {
  let stack: MigrationStack | undefined;
  beforeEach(async () => {
    stack = await startMigrationStack();
  });
  afterEach(async () => {
    await stack?.close();
    stack = undefined;
  });

  async function exportFolder(expenseClaims: boolean): Promise<string> {
    const folder = path.join((stack as MigrationStack).dir, uniqueRunName('exports'));
    await mkdir(folder, { recursive: true });
    for (const [name, text] of Object.entries(files))
      await writeFile(path.join(folder, name), `${text}\n`);
    await writeFile(
      path.join(folder, 'Trial Balance.csv'),
      `${closingTrialBalance(expenseClaims)}\n`,
    );
    return folder;
  }

  const predict = (folder: string) =>
    predictVerdict(
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

  async function liveRun(folder: string) {
    const handle = await (stack as MigrationStack).start({
      runName: uniqueRunName('xero-after-cutover'),
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
    return { outcome, verification: report.verification as VerificationReport };
  }

  it('verifies to the cent as validate predicted: tax on the tax account, US dates, report numbers', async () => {
    const folder = await exportFolder(false);
    const predicted = await predict(folder);
    expect(predicted.report).toMatchObject({ verified: true, differences: 0 });

    const { outcome, verification } = await liveRun(folder);
    expect(outcome.status).toBe('completed');
    expect(outcome.progress.verification).toMatchObject({
      verified: true,
      differences: 0,
      clearingBalance: '0.00',
    });
    const balance = (name: string) =>
      verification.accounts.find((line) => line.name === name)?.actual;
    expect(verification.accounts.filter((line) => line.difference !== '0.00')).toEqual([]);
    expect(balance('Sales tax (workspace control account)')).toBe('-86.62');
    expect(balance('429 General Expenses')).toBe('5175.00');
    expect(balance('090 Checking')).toBe('21111.62');
    expect(verification.notes).toEqual(predicted.report.notes);
  }, 600_000);

  it('names the balances expense claims left unrebuilt, as the live run finds them, and a manual journal closes them', async () => {
    const folder = await exportFolder(true);
    const predicted = await predict(folder);
    const unrebuilt = predicted.report.accounts
      .filter((line) => line.difference !== '0.00')
      .map((line) => [line.name, line.difference]);
    expect(unrebuilt).toEqual([
      ['429 General Expenses', '-80.00'],
      ['493 Travel', '-250.00'],
      ['814 Unpaid Expense Claims', '330.00'],
    ]);
    const advice = predicted.report.notes.find((note) => note.includes('manual journal'));
    expect(advice).toContain(
      '429 General Expenses Dr 80.00; 493 Travel Dr 250.00; 814 Unpaid Expense Claims Cr 330.00',
    );

    const { outcome, verification } = await liveRun(folder);
    expect(outcome.status).toBe('needs-review');
    expect(outcome.progress.verification).toMatchObject({
      verified: false,
      differences: predicted.report.differences,
      clearingBalance: predicted.report.clearingBalance,
    });
    expect(
      verification.accounts
        .filter((line) => line.difference !== '0.00')
        .map((line) => [line.name, line.difference]),
    ).toEqual(unrebuilt);
    expect(verification.notes).toEqual(predicted.report.notes);

    // The journal the advice describes, in Xero's manual journal layout, rebuilds them.
    const fixed = path.join((stack as MigrationStack).dir, uniqueRunName('fixed'));
    await cp(folder, fixed, { recursive: true });
    await writeFile(
      path.join(fixed, 'Manual Journals.csv'),
      [
        '*Narration,*Date,*Description,*AccountCode,*TaxRate,*Amount',
        'Expense claims July to November,11/30/2026,Expense claims,429,Tax Exempt,80.00',
        'Expense claims July to November,11/30/2026,Expense claims,493,Tax Exempt,250.00',
        'Expense claims July to November,11/30/2026,Expense claims,814,Tax Exempt,-330.00',
      ].join('\n'),
    );
    expect((await predict(fixed)).report).toMatchObject({ verified: true, differences: 0 });
  }, 600_000);
});
