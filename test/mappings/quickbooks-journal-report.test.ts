import { describe, expect, it } from 'vitest';
import type { LedgerRecord, RecordOf } from '../../src/ledger/index.js';
import { readFiles, type ReadResult } from '../sources/export-folder.js';

/**
 * QuickBooks Online as its screens export it: lists, the aging report as of the day before the
 * cutover and the Journal report for the activity after it (mappings/quickbooks-online/journal.ts,
 * mappings/shared/activity/aging-report.ts). No import layout.
 */
const accountList = [
  'Demo Co',
  'Account List',
  '',
  'Account #,Account,Type,Detail Type,Description,Balance',
  '1000,Operating Checking,Bank,Checking,,',
  '1200,Accounts Receivable,Accounts receivable (A/R),Accounts Receivable (A/R),,',
  '2000,Accounts Payable,Accounts payable (A/P),Accounts Payable (A/P),,',
  '4000,Sales,Income,Service/Fee Income,,',
  '6000,Office Expenses,Expenses,Office/General Administrative Expenses,,',
  '7000,Exchange Gain or Loss,Other Expense,Exchange Gain or Loss,,',
  "3000,Owner Capital,Equity,Owner's Equity,,",
].join('\n');

const customers =
  'Demo Co\nCustomer Contact List\n\n,Customer,Phone Numbers,Email\n,Acme Corp,,\n,Globex Ltd,,\n';
const vendors = 'Demo Co\nVendor Contact List\n\n,Vendor,Phone Numbers,Email\n,Paper Co,,\n';

const aging = [
  'Demo Co',
  'A/R Aging Detail',
  'As of December 31, 2025',
  '',
  ',Date,Transaction Type,Num,Customer,Due Date,Amount,Open Balance',
  '1 - 30 days past due,,,,,,,',
  ',12/01/2025,Invoice,1001,Acme Corp,12/15/2025,"1,500.00",500.00',
  'Total for 1 - 30 days past due,,,,,,"1,500.00",500.00',
  'Current,,,,,,,',
  ',12/20/2025,Credit Memo,CM-1,Globex Ltd,12/20/2025,-40.00,-40.00',
  'Total for Current,,,,,,-40.00,-40.00',
  'TOTAL,,,,,,"1,460.00",460.00',
  '',
  '"Monday, Feb 01, 2026 09:14:22 AM GMT-8 - Accrual Basis"',
].join('\n');

const journal = [
  'Demo Co',
  'Journal',
  'January 1-31, 2026',
  '',
  ',Date,Transaction Type,Num,Name,Memo/Description,Account,Debit,Credit',
  ',01/05/2026,Invoice,1002,Globex Ltd,Design work,4000 Sales,,800.00',
  ',,,,Globex Ltd,,1200 Accounts Receivable,800.00,',
  ',,,,,,,$800.00,$800.00',
  '',
  ',01/10/2026,Payment,,Acme Corp,,1000 Operating Checking,510.00,',
  ',,,,Acme Corp,,7000 Exchange Gain or Loss,,10.00',
  ',,,,Acme Corp,,1200 Accounts Receivable,,500.00',
  ',,,,,,,$510.00,$510.00',
  '',
  ',01/12/2026,Expense,E-1,Paper Co,Paper,6000 Office Expenses,25.00,',
  ',,,,Paper Co,,1000 Operating Checking,,25.00',
  ',,,,,,,$25.00,$25.00',
  '',
  ',01/20/2026,Payment,1002,Globex Ltd,,1000 Operating Checking,800.00,',
  ',,,,Globex Ltd,,1200 Accounts Receivable,,800.00',
  ',,,,,,,$800.00,$800.00',
  '',
  ',01/31/2026,Journal Entry,JE-1,,Capital,1000 Operating Checking,100.00,',
  ',,,,,,3000 Owner Capital,,100.00',
  ',,,,,,,$100.00,$100.00',
  '',
  'TOTAL,,,,,,,"$2,235.00","$2,235.00"',
].join('\n');

async function read(files: Record<string, string>): Promise<ReadResult> {
  return readFiles(files, {
    format: 'quickbooks-online',
    defaultCurrency: 'USD',
    cutoverDate: '2026-01-01',
  });
}

function valuesOf<E extends LedgerRecord['entity']>(result: ReadResult, entity: E): RecordOf<E>[] {
  return result.records
    .filter((record) => record.entity === entity)
    .map((record) => record.value as RecordOf<E>);
}

describe("QuickBooks Online's Journal and aging reports", () => {
  it('reads the open items, the documents and every transaction after the cutover', async () => {
    const result = await read({
      'Account List.csv': accountList,
      'Customer Contact List.csv': customers,
      'Vendor Contact List.csv': vendors,
      // Named as QuickBooks names its downloads: recognised by title, not by name.
      'A_R Aging Detail 2025-12-31.csv': aging,
      'Journal 2026-01-01-2026-01-31.csv': journal,
    });
    expect(result.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    const invoices = valuesOf(result, 'invoice');
    // Open at the cutover, from the aging report: what was open, of the original amount.
    expect(invoices.find((document) => document.key === '1001')).toMatchObject({
      type: 'invoice',
      customerKey: 'Acme Corp',
      total: '1500.00',
      dueAtCutover: '500.00',
      dueDate: '2025-12-15',
    });
    expect(invoices.find((document) => document.key === 'CM-1')).toMatchObject({
      type: 'credit-note',
      total: '40.00',
      dueAtCutover: '40.00',
    });
    // From the Journal: the invoice with its lines, and the payment that names it.
    expect(invoices.find((document) => document.key === '1002')).toMatchObject({
      type: 'invoice',
      customerKey: 'Globex Ltd',
      total: '800.00',
      lines: [{ accountKey: '4000', amount: '800.00' }],
    });
    expect(valuesOf(result, 'customer-payment')).toMatchObject([
      { amount: '800.00', allocations: [{ documentKey: '1002', amount: '800.00' }] },
    ]);
    // A payment with a realised difference, naming no document: its parts through clearing,
    // the document inferred (the one of Acme's open for the receivables line).
    const settling = invoices.find(
      (document) => document.type === 'credit-note' && document.key !== 'CM-1',
    );
    expect(settling).toMatchObject({ customerKey: 'Acme Corp', total: '500.00' });
    expect(valuesOf(result, 'credit-application')).toMatchObject([
      { creditKey: settling?.key, documentKey: '1001', amount: '500.00' },
    ]);
    expect(
      result.problems.find((problem) => problem.code === 'activity.payment-inferred')?.message,
    ).toContain('1001');
    expect(valuesOf(result, 'bank-transaction')).toMatchObject([
      { bankAccountKey: '1000', amount: '510.00', categoryAccountKey: '@clearing' },
      { key: 'E-1', amount: '-25.00', categoryAccountKey: '6000', payee: 'Paper Co' },
    ]);
    expect(valuesOf(result, 'journal-entry')).toMatchObject([
      {
        lines: [
          { accountKey: '7000', credit: '10.00' },
          { accountKey: '@clearing', debit: '10.00' },
        ],
      },
      { key: 'Journal Entry JE-1', number: 'JE-1', memo: 'Capital' },
    ]);
  });

  describe('a foreign invoice paid in parts, each part converted on its own', () => {
    /** Invoice 1001 (500.00 open) paid in two parts, each with a realised exchange gain. */
    const paidInParts = (second: string) =>
      [
        'Demo Co',
        'Journal',
        'January 1-31, 2026',
        '',
        ',Date,Transaction Type,Num,Name,Memo/Description,Account,Debit,Credit',
        ',01/10/2026,Payment,1001,Acme Corp,,1000 Operating Checking,260.00,',
        ',,,,Acme Corp,,7000 Exchange Gain or Loss,,10.00',
        ',,,,Acme Corp,,1200 Accounts Receivable,,250.00',
        ',,,,,,,$260.00,$260.00',
        '',
        `,01/15/2026,Payment,1001,Acme Corp,,1000 Operating Checking,${second},`,
        ',,,,Acme Corp,,7000 Exchange Gain or Loss,5.00,',
        `,,,,Acme Corp,,1200 Accounts Receivable,,${(Number(second) + 5).toFixed(2)}`,
        ',,,,,,,,',
      ].join('\n');
    const readPaid = (second: string) =>
      read({
        'Account List.csv': accountList,
        'Customer Contact List.csv': customers,
        'A_R Aging Detail.csv': aging,
        'Journal.csv': paidInParts(second),
      });

    it('keeps the cent its parts leave on receivables there, in no customer balance', async () => {
      // 250.00 + 250.01 settle 500.01 of the 500.00 open: the legacy books' rounding residual.
      const result = await readPaid('245.01');
      const codes = result.problems.map((problem) => problem.code);
      expect(codes).not.toContain('activity.payment-unmatched');
      expect(
        result.problems.find((problem) => problem.code === 'activity.conversion-residual'),
      ).toMatchObject({ severity: 'info', location: { row: 11 } });
      // Nothing on account for Acme: only the two parts that settle 1001, for what it had open.
      const acmeCredits = valuesOf(result, 'invoice').filter(
        (document) => document.type === 'credit-note' && document.customerKey === 'Acme Corp',
      );
      expect(acmeCredits.map((document) => document.total)).toEqual(['250.00', '250.00']);
      expect(valuesOf(result, 'journal-entry')).toContainEqual(
        expect.objectContaining({
          lines: [
            expect.objectContaining({ accountKey: '1200', debit: '0.00', credit: '0.01' }),
            expect.objectContaining({ accountKey: '@clearing', debit: '0.01', credit: '0.00' }),
          ],
        }),
      );
    });

    it('still migrates more than a rounding residual on account, with a warning', async () => {
      const result = await readPaid('245.02');
      expect(result.problems.map((problem) => problem.code)).not.toContain(
        'activity.conversion-residual',
      );
      expect(
        result.problems.find((problem) => problem.code === 'activity.payment-unmatched')?.message,
      ).toContain('0.02');
    });
  });

  it('uses no aging report that is not as of the day before the cutover, and says why', async () => {
    const result = await read({
      'Account List.csv': accountList,
      'Customer Contact List.csv': customers,
      'A_R Aging Detail.csv': aging.replace('As of December 31, 2025', 'As of January 31, 2026'),
    });
    expect(
      result.problems.find((problem) => problem.code === 'aged.report-date')?.message,
    ).toContain('31 Jan 2026');
    expect(valuesOf(result, 'invoice')).toEqual([]);
  });
});
