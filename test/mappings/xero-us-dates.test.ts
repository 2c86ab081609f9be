import { describe, expect, it } from 'vitest';
import { readFiles } from '../sources/export-folder.js';

const chart =
  '*Code,*Name,*Type\n090,Checking,Bank\n200,Sales,Revenue\n429,General Expenses,Expense\n610,Accounts Receivable,Accounts Receivable\n820,Sales Tax,Sales Tax\n';
const invoiceHeader =
  'ContactName,InvoiceNumber,InvoiceDate,DueDate,Total,TaxTotal,Description,Quantity,UnitAmount,LineAmount,AccountCode,TaxType,TaxAmount,Currency,Type,Status';

describe('Xero books kept in US dates', () => {
  it('reads a statement whose every date falls on the first days of a month in the order the invoices show, with a note', async () => {
    const { records, problems } = await readFiles(
      {
        'Chart of Accounts.csv': chart,
        'Contacts.csv': 'ContactName\nAcme\n',
        'Sales Invoices.csv': `${invoiceHeader}\nAcme,INV-1,01/02/2026,01/16/2026,100.00,0.00,Work,1,100.00,100.00,200,Tax Exempt,0.00,USD,Sales invoice,AUTHORISED\n`,
        'Bank Statement.csv':
          'Date,Amount,Payee,Description,Reference,Cheque Number,Bank Account,Account Code\n02/01/2026,-12.00,,Fee,,,090,429\n03/02/2026,-12.00,,Fee,,,090,429\n',
      },
      { format: 'xero' },
    );
    expect(problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    expect(
      records.flatMap((record) =>
        record.entity === 'bank-transaction' ? [record.value.date] : [],
      ),
    ).toEqual(['2026-02-01', '2026-03-02']);
    expect(
      records.flatMap((record) => (record.entity === 'invoice' ? [record.value.date] : [])),
    ).toEqual(['2026-01-02']);
    const notes = problems.filter((problem) => problem.code === 'date.order-assumed');
    expect(notes).toHaveLength(1);
    expect(notes[0]?.location?.file).toBe('Bank Statement.csv');
    expect(notes[0]?.message).toContain(
      'read as MM/DD/YYYY, the order "01/16/2026" shows in Sales Invoices.csv row 2',
    );
  });

  it('reads the Trial Balance report amounts with thousands separators to the cent', async () => {
    const report = [
      'Trial Balance',
      'Demo Company (US)',
      'As at June 30, 2026',
      '',
      'Account,Debit,Credit,YTD Debit,YTD Credit',
      'Revenue',
      'Sales (200),,"12,714.64",,"12,714.64"',
      'Expenses',
      'General Expenses (429),"1,234.56",,"1,234.56",',
      'Assets',
      'Checking (090),"11,480.08",,"11,480.08",',
      'Accounts Receivable (610),"(1,000.00)",,"(1,000.00)",',
      'Liabilities',
      'Sales Tax (820),,"-1,000.00",,"-1,000.00"',
      'Total,"12,714.64","12,714.64","12,714.64","12,714.64"',
    ].join('\n');
    const { records, problems } = await readFiles(
      {
        'Chart of Accounts.csv': chart,
        'Contacts.csv': 'ContactName\n',
        'Trial Balance.csv': report,
      },
      { format: 'xero', endDate: '2026-06-30' },
    );
    expect(problems.filter((problem) => problem.severity !== 'info')).toEqual([]);
    expect(
      records.flatMap((record) =>
        record.entity === 'trial-balance'
          ? [[record.value.accountKey, record.value.debit, record.value.credit, record.value.asOf]]
          : [],
      ),
    ).toEqual([
      ['200', '0.00', '12714.64', '2026-06-30'],
      ['429', '1234.56', '0.00', '2026-06-30'],
      ['090', '11480.08', '0.00', '2026-06-30'],
      ['610', '0.00', '1000.00', '2026-06-30'],
      ['820', '1000.00', '0.00', '2026-06-30'],
    ]);
  });
});
