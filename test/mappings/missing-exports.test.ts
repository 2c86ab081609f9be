import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Problem } from '../../src/ledger/index.js';
import { realBooksRoot } from '../support/real-books.js';
import { readAll, validateFiles } from '../sources/export-folder.js';

/**
 * A reader names, from its format's export checklist (mappings/<format>/export-checklist.ts), the
 * export that is missing for what the folder cannot do without it: the dates to set, the menu path,
 * and what is lost.
 */
const chart = [
  '*Code,*Name,*Type,*Tax Code',
  '090,Business Bank,Bank,Tax Exempt',
  '200,Sales,Revenue,Tax on Sales',
  '429,General Expenses,Expense,Tax on Purchases',
  '610,Accounts Receivable,Accounts Receivable,Tax Exempt',
  '800,Accounts Payable,Accounts Payable,Tax Exempt',
  '960,Retained Earnings,Retained Earnings,Tax Exempt',
].join('\n');

const contacts = 'ContactName\nAcme Ltd\nPaper Co\n';

const header =
  'ContactName,InvoiceNumber,InvoiceDate,DueDate,Total,TaxTotal,InvoiceAmountPaid,InvoiceAmountDue,Description,Quantity,UnitAmount,LineAmount,AccountCode,TaxType,TaxAmount,Currency,Type,Status';

/**
 * As exported on 31 January 2026 for a cutover on 1 January 2026: INV-1 (December, paid since,
 * or before: the export cannot say), INV-2 (January, paid), INV-3 (January, unpaid).
 */
const invoices = [
  header,
  'Acme Ltd,INV-1,01/12/2025,31/12/2025,100.00,0.00,100.00,0.00,Design,1,100,100.00,200,NONE,0.00,CAD,Sales invoice,Paid',
  'Acme Ltd,INV-2,05/01/2026,04/02/2026,250.00,0.00,250.00,0.00,Design,1,250,250.00,200,NONE,0.00,CAD,Sales invoice,Paid',
  'Acme Ltd,INV-3,10/01/2026,09/02/2026,80.00,0.00,0.00,80.00,Design,1,80,80.00,200,NONE,0.00,CAD,Sales invoice,Awaiting Payment',
].join('\n');

/** B-1 (January), paid in part. */
const bills = [
  header,
  'Paper Co,B-1,07/01/2026,06/02/2026,60.00,0.00,20.00,40.00,Paper,1,60,60.00,429,NONE,0.00,CAD,Bill,Awaiting Payment',
].join('\n');

/** Xero's Aged Receivables Detail as at the day before the cutover, listing the invoices open then. */
function agedReceivables(rows: string[]): string {
  return [
    'Aged Receivables Detail',
    'Demo Co',
    'As at 31 December 2025',
    'Ageing by due date',
    '',
    'Invoice Date,Due Date,Invoice Number,Invoice Reference,< 1 Month,Older,Total',
    'Acme Ltd',
    ...rows,
    'Total Acme Ltd,,,,,,0.00',
    'Total,,,,,,0.00',
  ].join('\n');
}

const window = { cutoverDate: '2026-01-01', endDate: '2026-01-31', baseCurrency: 'CAD' };

const withCode = (problems: readonly Problem[], code: string) =>
  problems.filter((problem) => problem.code === code);

describe('the export that is missing for what the folder cannot do', () => {
  it('names Xero Account Transactions for the period when the document exports show amounts paid that nothing dates', async () => {
    const { problems } = await validateFiles(
      {
        'Chart of Accounts.csv': chart,
        'Contacts.csv': contacts,
        'Sales Invoices.csv': invoices,
        'Bills.csv': bills,
      },
      'xero',
      window,
    );
    const missing = withCode(problems, 'export.activity-missing');
    expect(missing).toHaveLength(1);
    expect(missing[0]).toMatchObject({
      severity: 'error',
      location: { file: 'Sales Invoices.csv', row: 2 },
    });
    // INV-1, without an aged report to say it was settled before the cutover, INV-2 and B-1.
    expect(missing[0]?.message).toContain(
      'No Account Transactions for 2026-01-01 to 2026-01-31 in the exports: the amounts paid on 2 invoices and 1 bill of the document exports cannot be dated',
    );
    expect(missing[0]?.message).toContain(
      'Export it: Accounting → Reports → Account Transactions; every account (Select all); the period',
    );
  });

  it('leaves out a document the aged report shows was settled before the cutover', async () => {
    const { problems } = await validateFiles(
      {
        'Chart of Accounts.csv': chart,
        'Contacts.csv': contacts,
        'Sales Invoices.csv': invoices,
        // Open at the day before the cutover: a document INV-1 is not.
        'Aged Receivables Detail.csv': agedReceivables([
          '20 Nov 2025,20 Dec 2025,INV-0,,0.00,40.00,40.00',
        ]),
      },
      'xero',
      window,
    );
    expect(withCode(problems, 'export.activity-missing')[0]?.message).toContain(
      'the amounts paid on 1 invoice of the document exports cannot be dated',
    );
  });

  it('asks for nothing when an Account Transactions report dates the payments', async () => {
    const report = [
      'Account Transactions',
      'Demo Co',
      'For the period 1 January 2026 to 31 January 2026',
      '',
      'Date,Source,Description,Reference,Debit,Credit,Running Balance,Gross,Tax',
      '',
      'Business Bank',
      '20 Jan 2026,Receivable Payment,Acme Ltd,INV-2,250.00,0.00,,250.00,0.00',
      'Total Business Bank,,,,250.00,0.00,,,',
      'Accounts Receivable',
      '20 Jan 2026,Receivable Payment,Acme Ltd,INV-2,0.00,250.00,,(250.00),0.00',
      'Total Accounts Receivable,,,,0.00,250.00,,,',
      'Total,,,,250.00,250.00,,,',
    ].join('\n');
    const { problems } = await validateFiles(
      {
        'Chart of Accounts.csv': chart,
        'Contacts.csv': contacts,
        'Sales Invoices.csv': invoices,
        'Account Transactions.csv': report,
      },
      'xero',
      window,
    );
    expect(withCode(problems, 'export.activity-missing')).toEqual([]);
  });

  it('says the verification needs the trial balance at the end date, when the end date is given', async () => {
    const files = { 'Chart of Accounts.csv': chart, 'Contacts.csv': contacts };
    const { problems } = await validateFiles(files, 'xero', window);
    expect(withCode(problems, 'export.closing-balance-missing')).toMatchObject([
      {
        severity: 'warning',
        message: expect.stringContaining(
          'No Trial Balance as at 2026-01-31 in the exports: the verification compares the migrated books with it',
        ) as string,
      },
    ]);
    expect(withCode(problems, 'export.closing-balance-missing')[0]?.message).toContain(
      'Export it: Accounting → Reports → Trial Balance',
    );
    const undated = await validateFiles(files, 'xero', {
      cutoverDate: window.cutoverDate,
      baseCurrency: window.baseCurrency,
    });
    expect(withCode(undated.problems, 'export.closing-balance-missing')).toEqual([]);
  });
});

describe('QuickBooks Desktop without its open-item reports', () => {
  it('names Open Invoices and Unpaid Bills Detail for the control balances of the opening trial balance', async () => {
    const iif = [
      '!ACCNT\tNAME\tACCNTTYPE\tACCNUM\tEXTRA',
      'ACCNT\tChecking\tBANK\t1000\t',
      'ACCNT\tAccounts Receivable\tAR\t1200\t',
      'ACCNT\tAccounts Payable\tAP\t2000\t',
      'ACCNT\tOpening Balance Equity\tEQUITY\t3000\tOPENBAL',
      '',
    ].join('\r\n');
    const trialBalance = [
      'Sample Co',
      'Trial Balance',
      '"As of December 31, 2025"',
      '',
      ',Debit,Credit',
      '1000 · Checking,"5,000.00",',
      '1200 · Accounts Receivable,760.00,',
      '2000 · Accounts Payable,,200.00',
      '3000 · Opening Balance Equity,,"5,560.00"',
      'TOTAL,"5,760.00","5,760.00"',
    ].join('\r\n');
    const { problems } = await validateFiles(
      { 'lists.iif': iif, 'Trial Balance 2025-12-31.csv': trialBalance },
      'quickbooks-desktop-iif',
      { cutoverDate: '2026-01-01', baseCurrency: 'USD' },
    );
    expect(
      withCode(problems, 'export.open-items-missing').map((problem) => problem.message),
    ).toEqual([
      expect.stringMatching(
        /^No Open Invoices as at 2025-12-31 in the exports, nor invoices in the IIF files: the 760\.00 of receivables .* Export it: Reports → Customers & Receivables → Open Invoices;/,
      ) as string,
      expect.stringMatching(
        /^No Unpaid Bills Detail as at 2025-12-31 in the exports, nor bills in the IIF files: the 200\.00 of payables .* Export it: Reports → Vendors & Payables → Unpaid Bills Detail;/,
      ) as string,
    ]);
  });
});

describe('the real company as Xero exports it (../shared/real-books/maple-as-exported/xero-ui)', () => {
  const roots: string[] = [];
  afterAll(async () =>
    Promise.all(roots.map((root) => rm(root, { recursive: true, force: true }))),
  );

  it('without its Account Transactions report: the report is named, with the documents whose payments cannot be dated', async () => {
    const source = path.join(realBooksRoot, 'maple-as-exported', 'xero-ui');
    const folder = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-missing-'));
    roots.push(folder);
    for (const file of await readdir(source)) {
      if (file.startsWith('Account Transactions') || file === 'README.md') continue;
      await cp(path.join(source, file), path.join(folder, file));
    }
    const { problems } = await readAll({
      folder,
      format: 'xero',
      defaultCurrency: 'CAD',
      cutoverDate: '2020-10-01',
      endDate: '2021-01-31',
    });
    const [missing, ...more] = withCode(problems, 'export.activity-missing');
    expect(more).toEqual([]);
    expect(missing?.location?.file).toBe('Sales Invoices.csv');
    expect(missing?.message).toMatch(
      /^No Account Transactions for 2020-10-01 to 2021-01-31 in the exports: the amounts paid on \d+ invoices and \d+ bills of the document exports cannot be dated/,
    );
  });
});
