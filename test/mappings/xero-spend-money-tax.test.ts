import { describe, expect, it } from 'vitest';
import { readFiles } from '../sources/export-folder.js';

const chart =
  '*Code,*Name,*Type,*Tax Code\n090,Checking,Bank,Tax Exempt\n200,Sales,Revenue,Tax on Sales\n429,General Expenses,Expense,Tax on Purchases\n820,Sales Tax,Sales Tax,Tax Exempt\n';
const statementHeader =
  'Date,Amount,Payee,Description,Reference,Cheque Number,Bank Account,Account Code,Tax Type,Tax Amount';

function bankLines(records: Awaited<ReturnType<typeof readFiles>>['records']) {
  return records.filter((record) => record.entity === 'bank-transaction').map((r) => r.value);
}

describe('Xero spend and receive money lines with tax', () => {
  it('posts the net to the line account and the tax to the tax account, the gross through the bank', async () => {
    const { records, problems } = await readFiles(
      {
        'Chart of Accounts.csv': chart,
        'Contacts.csv': 'ContactName\n',
        'Bank Statement.csv': `${statementHeader}\n02/13/2026,-108.25,Office Depot,Paper,,,090,429,Tax on Purchases (8.25%),8.25\n03/02/2026,54.13,,Cash sale,,,090,200,Tax on Sales (8.25%),4.13\n03/03/2026,-12.00,,Bank fee,,,090,429,Tax Exempt,0.00\n`,
      },
      { format: 'xero' },
    );
    expect(problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    const lines = bankLines(records);
    expect(lines).toMatchObject([
      {
        key: '2026-02-13 -108.25 Office Depot',
        amount: '-100.00',
        categoryAccountKey: '429',
        bankAccountKey: '090',
      },
      {
        key: '2026-02-13 -108.25 Office Depot tax',
        amount: '-8.25',
        categoryAccountKey: '820',
        bankAccountKey: '090',
        date: '2026-02-13',
        source: { file: 'Bank Statement.csv', row: 2, column: 'Tax Amount' },
      },
      { amount: '50.00', categoryAccountKey: '200' },
      { amount: '4.13', categoryAccountKey: '820' },
      { amount: '-12.00', categoryAccountKey: '429' },
    ]);
    expect(lines).toHaveLength(5);
  });

  it('refuses, with the row, a tax amount it cannot post', async () => {
    const { records, problems } = await readFiles(
      {
        'Chart of Accounts.csv': chart,
        'Contacts.csv': 'ContactName\n',
        'Bank Statement.csv': `${statementHeader}\n02/13/2026,-20.00,,Stamps,,,090,429,Tax Exempt,1.50\n02/14/2026,-5.00,,Fee,,,090,429,Tax on Purchases (8.25%),6.00\n`,
      },
      { format: 'xero' },
    );
    const unpostable = problems.filter((problem) => problem.code === 'bank.tax-unpostable');
    expect(unpostable.map((problem) => problem.location)).toEqual([
      { file: 'Bank Statement.csv', row: 2, column: 'Tax Amount' },
      { file: 'Bank Statement.csv', row: 3, column: 'Tax Amount' },
    ]);
    expect(unpostable[0]?.message).toContain('"Tax Exempt"');
    expect(unpostable.every((problem) => problem.severity === 'error')).toBe(true);
    expect(bankLines(records)).toEqual([]);
  });

  it('asks for a tax account when the chart has none', async () => {
    const { problems } = await readFiles(
      {
        'Chart of Accounts.csv':
          '*Code,*Name,*Type\n090,Checking,Bank\n429,General Expenses,Expense\n',
        'Contacts.csv': 'ContactName\n',
        'Bank Statement.csv': `${statementHeader}\n02/13/2026,-108.25,,Paper,,,090,429,Tax on Purchases,8.25\n`,
      },
      { format: 'xero' },
    );
    const problem = problems.find((candidate) => candidate.code === 'bank.tax-unpostable');
    expect(problem?.message).toContain('no tax account');
  });
});
