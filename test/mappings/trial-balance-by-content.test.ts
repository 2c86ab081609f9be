import { describe, expect, it } from 'vitest';
import type { LedgerRecord, Problem } from '../../src/ledger/index.js';
import { readFiles } from '../sources/export-folder.js';

// Trial balance reports as Xero and QuickBooks Online write them, title block included, saved
// under names a consultant would not think to change: they are recognised by their content.

const xeroAccounts =
  '*Code,*Name,*Type\n090,Business Bank Account,Bank\n610,Accounts Receivable,Accounts Receivable\n800,Accounts Payable,Accounts Payable\n960,Retained Earnings,Retained Earnings\n200,Sales,Revenue\n400,Advertising,Expense\n';

/** Xero's classic layout: period movements, then the YTD columns the balances come from. */
function xeroClassicReport(asAt: string): string {
  return [
    'Trial Balance',
    'Maple Leaf Supplies Ltd',
    `As at ${asAt}`,
    '',
    'Account,Debit,Credit,YTD Debit,YTD Credit',
    'Revenue',
    'Sales (200),,"2,100.00",,"24,000.00"',
    'Total Revenue,,"2,100.00",,"24,000.00"',
    '',
    'Expenses',
    'Advertising (400),350.00,,"4,150.50",',
    'Total Expenses,350.00,,"4,150.50",',
    '',
    'Assets',
    'Business Bank Account (090),"1,750.00",,"21,349.50",',
    'Accounts Receivable (610),,,"3,000.00",',
    'Total Assets,"1,750.00",,"24,349.50",',
    '',
    'Liabilities',
    'Accounts Payable (800),,,,"1,500.00"',
    'Total Liabilities,,,,"1,500.00"',
    '',
    'Equity',
    'Retained Earnings (960),,,,"2,000.00"',
    'Total Equity,,,,"2,000.00"',
    '',
    'Total,"2,100.00","2,100.00","27,500.00","27,500.00"',
    '',
  ].join('\n');
}

/** Xero's newer layout: organisation first, a code column, "Debit - Year to date". */
function xeroNewReport(asAt: string): string {
  return [
    'Maple Leaf Supplies Ltd',
    'Trial Balance',
    `As at ${asAt}`,
    '',
    'Account Code,Account,Account Type,Debit - Year to date,Credit - Year to date',
    '200,Sales,Revenue,,"31,000.00"',
    '400,Advertising,Expense,"5,000.00",',
    '090,Business Bank Account,Bank,"29,500.00",',
    '610,Accounts Receivable,Accounts Receivable,"1,000.00",',
    '800,Accounts Payable,Accounts Payable,,"2,500.00"',
    '960,Retained Earnings,Retained Earnings,,"2,000.00"',
    ',Total,,"35,500.00","35,500.00"',
    '',
  ].join('\n');
}

const qboAccounts =
  'Account Number,Account Name,Type,Detail Type\n1000,Checking,Bank,Checking\n1200,Accounts Receivable (A/R),Accounts receivable (A/R),Accounts Receivable (A/R)\n4000,Sales,Income,Sales of Product Income\n3900,Retained Earnings,Equity,Retained Earnings\n';

/** QuickBooks Online's Trial Balance report: company, title, "As of", an unnamed account column. */
function qboReport(asOf: string): string {
  return [
    'Maple Leaf Supplies Ltd',
    'Trial Balance',
    `As of ${asOf}`,
    '',
    ',Debit,Credit',
    'Checking,"5,000.00",',
    'Accounts Receivable (A/R),"1,200.00",',
    'Sales,,"4,200.00"',
    'Retained Earnings,,"2,000.00"',
    'TOTAL,"$6,200.00","$6,200.00"',
    '',
    '',
    '"Accrual Basis Wednesday, January 6, 2021 10:12 AM GMT-05:00"',
    '',
  ].join('\n');
}

const balances = (records: LedgerRecord[], entity: 'opening-balance' | 'trial-balance') =>
  records
    .filter((record) => record.entity === entity)
    .map((record) => record.value as { accountKey: string; debit: string; credit: string });

const withCode = (problems: Problem[], code: string) =>
  problems.filter((problem) => problem.code === code);

describe('a trial balance is recognised by its content and its date decides its role', () => {
  it('Xero classic layout as at the day before the cutover: the opening balance, YTD income and expense kept', async () => {
    const { records, problems } = await readFiles(
      {
        'Chart of Accounts.csv': xeroAccounts,
        'Contacts.csv': 'ContactName\n',
        'Maple_Leaf_Supplies_Ltd_-_Trial_Balance.csv': xeroClassicReport('31 December 2020'),
      },
      { format: 'xero', cutoverDate: '2021-01-01' },
    );
    const recognised = withCode(problems, 'balance.trial-recognised');
    expect(recognised[0]?.message).toContain('as at 31 Dec 2020, taken as the opening balance');
    expect(recognised).toMatchObject([
      {
        severity: 'info',
        location: { file: 'Maple_Leaf_Supplies_Ltd_-_Trial_Balance.csv', row: 3 },
      },
    ]);
    // The folder holds the trial balance alone: the aged reports its control balances need are named.
    expect(problems.filter((problem) => problem.severity !== 'info')).toMatchObject([
      {
        code: 'export.open-items-missing',
        message: expect.stringContaining('No Aged Receivables Detail as at 2020-12-31') as string,
      },
      {
        code: 'export.open-items-missing',
        message: expect.stringContaining('No Aged Payables Detail as at 2020-12-31') as string,
      },
    ]);
    expect(balances(records, 'trial-balance')).toEqual([]);
    // Mid-year: the YTD income and expense balances stay on their accounts, not in retained earnings.
    expect(balances(records, 'opening-balance')).toEqual([
      expect.objectContaining({ accountKey: '200', debit: '0.00', credit: '24000.00' }),
      expect.objectContaining({ accountKey: '400', debit: '4150.50', credit: '0.00' }),
      expect.objectContaining({ accountKey: '090', debit: '21349.50', credit: '0.00' }),
      expect.objectContaining({ accountKey: '610', debit: '3000.00', credit: '0.00' }),
      expect.objectContaining({ accountKey: '800', debit: '0.00', credit: '1500.00' }),
      expect.objectContaining({ accountKey: '960', debit: '0.00', credit: '2000.00' }),
    ]);
  });

  it('Xero newer layout at the end date: the end-date figures, accounts resolved by their code', async () => {
    const { records, problems } = await readFiles(
      {
        'Chart of Accounts.csv': xeroAccounts,
        'Contacts.csv': 'ContactName\n',
        'TB March.csv': xeroNewReport('31 March 2021'),
      },
      { format: 'xero', cutoverDate: '2021-01-01', endDate: '2021-03-31' },
    );
    expect(withCode(problems, 'balance.trial-recognised')[0]?.message).toContain(
      'as at 31 Mar 2021, taken as the end-date figures',
    );
    expect(problems.filter((problem) => problem.severity !== 'info')).toEqual([]);
    expect(balances(records, 'opening-balance')).toEqual([]);
    const lines = records.filter((record) => record.entity === 'trial-balance');
    expect(lines.map((record) => record.value)).toEqual([
      expect.objectContaining({ accountKey: '200', credit: '31000.00', asOf: '2021-03-31' }),
      expect.objectContaining({ accountKey: '400', debit: '5000.00', asOf: '2021-03-31' }),
      expect.objectContaining({ accountKey: '090', debit: '29500.00' }),
      expect.objectContaining({ accountKey: '610', debit: '1000.00' }),
      expect.objectContaining({ accountKey: '800', credit: '2500.00' }),
      expect.objectContaining({ accountKey: '960', credit: '2000.00' }),
    ]);
  });

  it('both Xero reports in one folder: one opens the books, the other closes them', async () => {
    const { records, problems } = await readFiles(
      {
        'Chart of Accounts.csv': xeroAccounts,
        'Contacts.csv': 'ContactName\n',
        'Report (1).csv': xeroClassicReport('31 December 2020'),
        'Report (2).csv': xeroNewReport('31 March 2021'),
      },
      { format: 'xero', cutoverDate: '2021-01-01', endDate: '2021-03-31' },
    );
    expect(withCode(problems, 'balance.trial-recognised').map((p) => p.location?.file)).toEqual([
      'Report (1).csv',
      'Report (2).csv',
    ]);
    expect(balances(records, 'opening-balance')).toHaveLength(6);
    expect(balances(records, 'trial-balance')).toHaveLength(6);
  });

  it('a trial balance dated on the cutover itself is a located error naming the right cutover', async () => {
    const { records, problems } = await readFiles(
      {
        'Chart of Accounts.csv': xeroAccounts,
        'Contacts.csv': 'ContactName\n',
        'Trial Balance.csv': xeroClassicReport('31 December 2020'),
      },
      { format: 'xero', cutoverDate: '2020-12-31' },
    );
    const [error] = withCode(problems, 'balance.trial-on-cutover');
    expect(error).toMatchObject({
      severity: 'error',
      location: { file: 'Trial Balance.csv', row: 3 },
    });
    expect(error?.message).toContain(
      'this trial balance is as at 31 Dec 2020: use --cutover 2021-01-01',
    );
    expect(balances(records, 'opening-balance')).toEqual([]);
    expect(balances(records, 'trial-balance')).toEqual([]);
  });

  it('a trial balance at another date is a located warning saying it is not used and why', async () => {
    const { records, problems } = await readFiles(
      {
        'Chart of Accounts.csv': xeroAccounts,
        'Contacts.csv': 'ContactName\n',
        'Opening Trial Balance.csv': xeroClassicReport('30 June 2020'),
      },
      { format: 'xero', cutoverDate: '2021-01-01' },
    );
    const [warning] = withCode(problems, 'balance.trial-unused');
    expect(warning).toMatchObject({
      severity: 'warning',
      location: { file: 'Opening Trial Balance.csv', row: 3 },
    });
    expect(warning?.message).toContain('as at 30 Jun 2020');
    expect(warning?.message).toContain('not used');
    expect(records.filter((record) => record.entity.endsWith('balance'))).toEqual([]);
  });

  it('QuickBooks Online layout "As of" the day before the cutover: the opening balance', async () => {
    const { records, problems } = await readFiles(
      {
        'Account List.csv': qboAccounts,
        'Maple Leaf Supplies Ltd_Trial Balance.csv': qboReport('December 31, 2020'),
      },
      { format: 'quickbooks-online', cutoverDate: '2021-01-01' },
    );
    const recognised = withCode(problems, 'balance.trial-recognised');
    expect(recognised[0]?.message).toContain('as at 31 Dec 2020, taken as the opening balance');
    expect(recognised).toMatchObject([
      {
        location: { file: 'Maple Leaf Supplies Ltd_Trial Balance.csv', row: 3 },
      },
    ]);
    expect(problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    expect(balances(records, 'opening-balance')).toEqual([
      expect.objectContaining({ accountKey: '1000', debit: '5000.00' }),
      expect.objectContaining({ accountKey: '1200', debit: '1200.00' }),
      expect.objectContaining({ accountKey: '4000', credit: '4200.00' }),
      expect.objectContaining({ accountKey: '3900', credit: '2000.00' }),
    ]);
  });

  it('QuickBooks Online layout "As of" the end date: the end-date figures', async () => {
    const { records } = await readFiles(
      {
        'Account List.csv': qboAccounts,
        'export.csv': qboReport('March 31, 2021'),
      },
      { format: 'quickbooks-online', cutoverDate: '2021-01-01', endDate: '2021-03-31' },
    );
    expect(balances(records, 'opening-balance')).toEqual([]);
    expect(
      records.filter((record) => record.entity === 'trial-balance').map((r) => r.value),
    ).toContainEqual(expect.objectContaining({ accountKey: '4000', asOf: '2021-03-31' }));
  });
});
