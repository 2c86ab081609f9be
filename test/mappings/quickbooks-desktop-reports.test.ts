import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readLedger } from '../../mappings/read-ledger.js';
import type { LedgerRecord, Problem, RecordOf } from '../../src/ledger/index.js';
import type { StagingItem } from '../../src/migration/contracts/staged-row.js';
import { predictVerdict } from '../../src/migration/verification/predict-verdict.js';
import { validateLedger } from '../../src/validation/validate-ledger.js';
import { exportFolder } from '../sources/export-folder.js';

/**
 * QuickBooks Desktop as its screens export it (mappings/quickbooks-desktop-iif/index.ts): the
 * lists to IIF, and reports to CSV or Excel with the report header shown: Trial Balance at the day
 * before the cutover and at the end date, Open Invoices and Unpaid Bills Detail at the day before
 * the cutover, the Journal for January. Accounts are printed "1000 · Checking" (Windows-1252 in
 * the CSV files), sub-accounts as their path, jobs as headings under their customer, and the print
 * stamp (time, date, basis) sits left of the titles. No file is named as Ledgerlift would ask.
 */
const cutoverDate = '2026-01-01';
const endDate = '2026-01-31';

const iif = [
  '!HDR\tPROD\tVER\tREL\tIIFVER\tDATE\tTIME\tACCNTNT\tACCNTNTSPLITTIME',
  'HDR\tQuickBooks Pro\tVersion 34.0D\tRelease R5P\t1\t2026-02-01\t1769947200\tN\t0',
  '!ACCNT\tNAME\tREFNUM\tTIMESTAMP\tACCNTTYPE\tOBAMOUNT\tDESC\tACCNUM\tSCD\tBANKNUM\tEXTRA\tHIDDEN',
  'ACCNT\tChecking\t1\t1769947200\tBANK\t0.00\t\t1000\t0\t\t\tN',
  'ACCNT\tAccounts Receivable\t2\t1769947200\tAR\t0.00\t\t1200\t0\t\t\tN',
  'ACCNT\tAccounts Payable\t3\t1769947200\tAP\t0.00\t\t2000\t0\t\t\tN',
  'ACCNT\tOpening Balance Equity\t4\t1769947200\tEQUITY\t0.00\t\t3000\t0\t\tOPENBAL\tN',
  'ACCNT\tSales\t5\t1769947200\tINC\t0.00\t\t4000\t0\t\t\tN',
  'ACCNT\tUtilities\t6\t1769947200\tEXP\t0.00\t\t6100\t0\t\t\tN',
  'ACCNT\tUtilities:Gas\t7\t1769947200\tEXP\t0.00\t\t6110\t0\t\t\tN',
  'ACCNT\tOffice Supplies\t8\t1769947200\tEXP\t0.00\t\t6200\t0\t\t\tN',
  '!CUST\tNAME\tREFNUM\tTIMESTAMP\tBADDR1\tCOMPANYNAME',
  'CUST\tAcme Corp\t1\t1769947200\tAcme Corp\tAcme Corp',
  'CUST\tAcme Corp:Job 1\t2\t1769947200\t\t',
  'CUST\tGlobex Ltd\t3\t1769947200\tGlobex Ltd\tGlobex Ltd',
  '!VEND\tNAME\tREFNUM\tTIMESTAMP\tADDR1',
  'VEND\tPaper Co\t1\t1769947200\tPaper Co',
  'VEND\tGas Co\t2\t1769947200\tGas Co',
  '',
].join('\r\n');

/** Windows-1252, as QuickBooks Desktop writes CSV: its "·" is one byte. */
const csv = (lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1');

const openingTrialBalance = csv([
  'Sample Co',
  'Trial Balance',
  '"As of December 31, 2025"',
  '',
  ',"Dec 31, 25"',
  ',Debit,Credit',
  '1000 · Checking,"5,000.00",',
  '1200 · Accounts Receivable,760.00,',
  '2000 · Accounts Payable,,200.00',
  '3000 · Opening Balance Equity,,"5,560.00"',
  'TOTAL,"5,760.00","5,760.00"',
]);

const closingTrialBalance = csv([
  '10:34 AM,,Sample Co',
  '02/01/26,,Trial Balance',
  'Accrual Basis,,"As of January 31, 2026"',
  '',
  ',"Jan 31, 26",',
  ',Debit,Credit',
  '1000 · Checking,"6,175.00",',
  '1200 · Accounts Receivable,260.00,',
  '2000 · Accounts Payable,,120.00',
  '3000 · Opening Balance Equity,,"5,560.00"',
  '4000 · Sales,,900.00',
  '6100 · Utilities:6110 · Gas,110.00,',
  '6200 · Office Supplies,35.00,',
  'TOTAL,"6,580.00","6,580.00"',
]);

// Customers head their rows, a job one column in under its customer; no Amount column.
const openInvoices = csv([
  '10:34 AM,,,,,Sample Co,,,,,',
  '02/01/26,,,,,Open Invoices,,,,,',
  ',,,,,"As of December 31, 2025",,,,,',
  ',,,,,,,,,,',
  ',,Type,Date,Num,P. O. #,Terms,Due Date,Class,Aging,Open Balance',
  'Acme Corp,,,,,,,,,,',
  ',Job 1,,,,,,,,,',
  ',,Invoice,11/20/2025,1001,,Net 30,12/20/2025,,11,500.00',
  ',Total Job 1,,,,,,,,,500.00',
  'Total Acme Corp,,,,,,,,,,500.00',
  'Globex Ltd,,,,,,,,,,',
  ',,Invoice,12/15/2025,1002,PO-7,Net 30,01/14/2026,,,300.00',
  ',,Credit Memo,12/20/2025,CM-1,,,12/20/2025,,,-40.00',
  'Total Globex Ltd,,,,,,,,,,260.00',
  ',,,,,,,,,,',
  'TOTAL,,,,,,,,,,760.00',
]);

const unpaidBills = csv([
  '10:34 AM,,,,Sample Co,,',
  '02/01/26,,,,Unpaid Bills Detail,,',
  ',,,,"As of December 31, 2025",,',
  ',,,,,,',
  ',Type,Date,Num,Due Date,Aging,Open Balance',
  'Paper Co,,,,,,',
  ',Bill,12/10/2025,B-17,01/09/2026,,200.00',
  'Total Paper Co,,,,,,200.00',
  ',,,,,,',
  'TOTAL,,,,,,200.00',
]);

type Cell = string | number | Date;
const day = (date: string) => new Date(`${date}T00:00:00Z`);

/** One transaction of the Journal: its first row numbered, typed and dated, then a subtotal. */
function entry(
  trans: number,
  type: string,
  date: string,
  num: string,
  name: string,
  lines: Array<[memo: string, account: string, debit: number | '', credit: number | '']>,
): Cell[][] {
  const rows = lines.map(([memo, account, debit, credit], index): Cell[] =>
    index === 0
      ? [trans, type, day(date), num, '', name, memo, account, debit, credit]
      : ['', '', '', '', '', name, memo, account, debit, credit],
  );
  const total = lines.reduce((sum, [, , debit]) => sum + (debit === '' ? 0 : debit), 0);
  return [...rows, ['', '', '', '', '', '', '', '', total, total]];
}

/** The Journal, January 2026, exported to Excel with the report header shown on screen. */
async function journalWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  const rows: Cell[][] = [
    ['10:34 AM', '', '', '', '', 'Sample Co'],
    ['02/01/26', '', '', '', '', 'Journal'],
    ['Accrual Basis', '', '', '', '', 'January 2026'],
    [],
    ['Trans #', 'Type', 'Date', 'Num', 'Adj', 'Name', 'Memo', 'Account', 'Debit', 'Credit'],
    ...entry(41, 'Invoice', '2026-01-05', '1003', 'Globex Ltd', [
      ['', '1200 · Accounts Receivable', 800, ''],
      ['Design work', '4000 · Sales', '', 800],
    ]),
    ...entry(42, 'Payment', '2026-01-10', '5521', 'Acme Corp:Job 1', [
      ['', '1000 · Checking', 500, ''],
      ['', '1200 · Accounts Receivable', '', 500],
    ]),
    ...entry(43, 'Bill', '2026-01-12', 'G-88', 'Gas Co', [
      ['', '2000 · Accounts Payable', '', 120],
      ['January gas', '6100 · Utilities:6110 · Gas', 120, ''],
    ]),
    ...entry(44, 'Bill Pmt -Check', '2026-01-15', '1101', 'Paper Co', [
      ['', '1000 · Checking', '', 200],
      ['', '2000 · Accounts Payable', 200, ''],
    ]),
    ...entry(45, 'Check', '2026-01-18', '1102', 'Paper Co', [
      ['', '1000 · Checking', '', 25],
      ['Toner', '6200 · Office Supplies', 25, ''],
    ]),
    ...entry(46, 'Deposit', '2026-01-20', '', '', [
      ['Deposit', '1000 · Checking', 100, ''],
      ['Cash sale', '4000 · Sales', '', 100],
    ]),
    ...entry(47, 'Payment', '2026-01-25', '8812', 'Globex Ltd', [
      ['', '1000 · Checking', 800, ''],
      ['', '1200 · Accounts Receivable', '', 800],
    ]),
    ...entry(48, 'General Journal', '2026-01-31', 'GJ-1', '', [
      ['Reclass', '6200 · Office Supplies', 10, ''],
      ['Reclass', '6100 · Utilities:6110 · Gas', '', 10],
    ]),
    ['TOTAL', '', '', '', '', '', '', '', 2555, 2555],
  ];
  for (const row of rows) sheet.addRow(row);
  sheet.getColumn(3).numFmt = 'mm/dd/yyyy';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Named as a consultant saves them: nothing Ledgerlift would recognise by name. */
async function companyFiles(): Promise<Record<string, string | Buffer>> {
  return {
    'sample co lists.IIF': iif,
    'TB 2025-12-31.csv': openingTrialBalance,
    'TB 2026-01-31.csv': closingTrialBalance,
    'AR open 2025.csv': openInvoices,
    'AP open 2025.csv': unpaidBills,
    'Jan 2026 GL detail.xlsx': await journalWorkbook(),
  };
}

interface Outcome {
  records: LedgerRecord[];
  problems: Problem[];
  willVerify: boolean;
  differences: number;
}

/** Reads, validates and stages the folder as `ledgerlift validate` does, for its verdict. */
async function validate(files: Record<string, string | Buffer>): Promise<Outcome> {
  const { folder, cleanup } = await exportFolder(files);
  try {
    const window = { cutoverDate, endDate, baseCurrency: 'USD' };
    const items = validateLedger(
      readLedger({
        folder,
        format: 'quickbooks-desktop-iif',
        defaultCurrency: 'USD',
        cutoverDate,
        endDate,
      }),
      window,
    );
    const records: LedgerRecord[] = [];
    const problems: Problem[] = [];
    async function* seen(): AsyncGenerator<StagingItem> {
      for await (const item of items) {
        if (item.kind === 'record') {
          records.push(item.record);
          problems.push(...item.problems);
        } else if (item.kind === 'problem') problems.push(item.problem);
        yield item;
      }
    }
    const { willVerify, report } = await predictVerdict(seen(), { ...window, batchSize: 25 });
    return { records, problems, willVerify, differences: report.differences };
  } finally {
    await cleanup();
  }
}

function valuesOf<E extends LedgerRecord['entity']>(records: LedgerRecord[], entity: E) {
  return records
    .filter((record) => record.entity === entity)
    .map((record) => record.value as RecordOf<E>);
}

describe('QuickBooks Desktop read from its report exports', () => {
  it('reads the IIF lists, the trial balances, the open items and the Journal into books that will verify', async () => {
    const { records, problems, willVerify, differences } = await validate(await companyFiles());
    expect(problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    expect({ willVerify, differences }).toEqual({ willVerify: true, differences: 0 });

    const invoices = valuesOf(records, 'invoice');
    // Open at the cutover, from Open Invoices: the job's invoice is its customer's.
    expect(invoices.find((document) => document.key === '1001')).toMatchObject({
      type: 'invoice',
      customerKey: 'Acme Corp',
      dueAtCutover: '500.00',
      dueDate: '2025-12-20',
    });
    expect(invoices.find((document) => document.key === 'CM-1')).toMatchObject({
      type: 'credit-note',
      customerKey: 'Globex Ltd',
      dueAtCutover: '40.00',
    });
    // After the cutover, from the Journal.
    expect(invoices.find((document) => document.key === '1003')).toMatchObject({
      type: 'invoice',
      customerKey: 'Globex Ltd',
      total: '800.00',
      lines: [{ accountKey: '4000', amount: '800.00' }],
    });
    const bills = valuesOf(records, 'bill');
    expect(bills.find((document) => document.key === 'B-17')).toMatchObject({
      vendorKey: 'Paper Co',
      dueAtCutover: '200.00',
    });
    // "6100 · Utilities:6110 · Gas" is the sub-account 6110.
    expect(bills.find((document) => document.key === 'G-88')).toMatchObject({
      vendorKey: 'Gas Co',
      total: '120.00',
      lines: [{ accountKey: '6110', amount: '120.00' }],
    });
    expect(
      valuesOf(records, 'customer-payment').map((payment) => ({
        amount: payment.amount,
        allocations: payment.allocations.map((allocation) => allocation.documentKey),
      })),
    ).toEqual([
      { amount: '500.00', allocations: ['1001'] },
      { amount: '800.00', allocations: ['1003'] },
    ]);
    expect(valuesOf(records, 'vendor-payment')).toMatchObject([
      { amount: '200.00', allocations: [{ documentKey: 'B-17', amount: '200.00' }] },
    ]);
    expect(valuesOf(records, 'bank-transaction')).toMatchObject([
      { key: '1102', amount: '-25.00', categoryAccountKey: '6200', payee: 'Paper Co' },
      { amount: '100.00', categoryAccountKey: '4000' },
    ]);
    expect(valuesOf(records, 'journal-entry')).toMatchObject([
      { number: 'GJ-1', date: '2026-01-31' },
    ]);
  });

  it('leaves to the IIF files the kinds of transaction they hold, so none is migrated twice', async () => {
    const files = await companyFiles();
    files['sample co lists.IIF'] = [
      iif.trimEnd(),
      '!TRNS\tTRNSID\tTRNSTYPE\tDATE\tACCNT\tNAME\tAMOUNT\tDOCNUM\tMEMO',
      '!SPL\tSPLID\tTRNSTYPE\tDATE\tACCNT\tNAME\tAMOUNT\tDOCNUM\tMEMO',
      '!ENDTRNS',
      'TRNS\t\tGENERAL JOURNAL\t01/31/2026\tOffice Supplies\t\t10.00\tGJ-1\tReclass',
      'SPL\t\tGENERAL JOURNAL\t01/31/2026\tUtilities:Gas\t\t-10.00\t\tReclass',
      'ENDTRNS',
      '',
    ].join('\r\n');
    const { records, willVerify } = await validate(files);
    expect(valuesOf(records, 'journal-entry')).toMatchObject([{ key: 'GENERAL JOURNAL GJ-1' }]);
    expect(willVerify).toBe(true);
  });
});
