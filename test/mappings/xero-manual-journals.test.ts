import { describe, expect, it } from 'vitest';
import { readFiles } from '../sources/export-folder.js';

const accounts = '*Code,*Name,*Type\n090,Checking,Bank\n200,Sales,Revenue\n477,Wages,Expense\n';
const header =
  '*Narration,*Date,*Description,*AccountCode,*TaxRate,*Amount,TrackingName1,TrackingOption1,TrackingName2,TrackingOption2';

describe("Xero's manual journals", () => {
  it('reads consecutive rows of one narration and date as one balanced journal entry', async () => {
    const { records, problems } = await readFiles(
      {
        'Chart of Accounts.csv': accounts,
        'Contacts.csv': 'ContactName\nAcme\n',
        'Manual Journals.csv': [
          header,
          'Wages accrual,31/01/2024,January wages,477,Tax Exempt,1200.00,,,,',
          'Wages accrual,31/01/2024,January wages,090,Tax Exempt,-1200.00,,,,',
          'Wages accrual,29/02/2024,February wages,477,Tax Exempt,800.00,,,,',
          'Wages accrual,29/02/2024,February wages,090,Tax Exempt,-800.00,,,,',
        ].join('\n'),
      },
      { format: 'xero' },
    );
    expect(problems.filter((problem) => problem.severity !== 'info')).toEqual([]);
    expect(
      records.filter((record) => record.entity === 'journal-entry').map((record) => record.value),
    ).toMatchObject([
      {
        key: '2024-01-31 Wages accrual',
        date: '2024-01-31',
        memo: 'Wages accrual',
        lines: [
          { accountKey: '477', debit: '1200.00', credit: '0.00', description: 'January wages' },
          { accountKey: '090', debit: '0.00', credit: '1200.00' },
        ],
      },
      { key: '2024-02-29 Wages accrual', lines: [{ debit: '800.00' }, { credit: '800.00' }] },
    ]);
  });

  it('refuses a journal that does not balance, where it starts', async () => {
    const { records, problems } = await readFiles(
      {
        'Chart of Accounts.csv': accounts,
        'Contacts.csv': 'ContactName\nAcme\n',
        'Manual Journals.csv': [
          header,
          'Typo,31/01/2024,Wages,477,Tax Exempt,1200.00,,,,',
          'Typo,31/01/2024,Wages,090,Tax Exempt,-1100.00,,,,',
        ].join('\n'),
      },
      { format: 'xero' },
    );
    expect(records.some((record) => record.entity === 'journal-entry')).toBe(false);
    expect(problems.find((problem) => problem.code === 'journal.not-balanced')).toMatchObject({
      severity: 'error',
      location: { file: 'Manual Journals.csv', row: 2, column: '*Amount' },
    });
  });
});
