import { describe, expect, it } from 'vitest';
import { readFiles } from '../sources/export-folder.js';

/** QuickBooks Online's report exports: title rows, a blank row, the header, data, the run time. */
function listExport(title: string, header: string, rows: string[]): string {
  return [
    title,
    "Craig's Design and Landscaping Services",
    '',
    header,
    ...rows,
    '',
    '',
    '"Friday, November 27, 2026 03:31 AM GMT-08:00"',
  ].join('\n');
}

describe('QuickBooks Online list exports with title rows and a footer', () => {
  it('reads accounts, customers and vendors, and never the run time under them', async () => {
    const { records, problems } = await readFiles(
      {
        'Account List.csv': listExport('Account List', ',Account,Type,Detail Type,Description', [
          ',Checking,Bank,Checking,',
          ',Accounts Receivable (A/R),Accounts receivable (A/R),Accounts Receivable (A/R),',
          ',Landscaping Services,Income,Service/Fee Income,',
        ]),
        'Customers.csv': listExport(
          'Customer Contact List',
          'Customer,Phone Numbers,Email,Full Name',
          ["Amy's Bird Sanctuary,(650) 555-3311,Birds@Intuit.com,Amy Lauterbach", 'Cool Cars,,,'],
        ),
        'Vendors.csv': listExport('Vendor Contact List', 'Vendor,Phone Numbers,Email,Full Name', [
          'Books by Bessie,(650) 555-7745,Books@Intuit.com,Bessie Williams',
        ]),
      },
      { format: 'quickbooks-online' },
    );
    const names = (entity: 'account' | 'customer' | 'vendor') =>
      records.flatMap((record) => (record.entity === entity ? [record.value.key] : []));
    expect(names('account')).toEqual([
      'Checking',
      'Accounts Receivable (A/R)',
      'Landscaping Services',
    ]);
    expect(names('customer')).toEqual(["Amy's Bird Sanctuary", 'Cool Cars']);
    expect(names('vendor')).toEqual(['Books by Bessie']);
    // The contact lists' combined columns are listed as not read, a note each.
    const notes = ['file.optional-missing', 'column.unused'];
    expect(problems.filter((problem) => !notes.includes(problem.code))).toEqual([]);
    expect(
      problems.filter((problem) => problem.code === 'column.unused').map((p) => p.severity),
    ).toEqual(['info', 'info']);
  });

  it('reads a footer left unquoted or naming the report basis, and keeps a party whose name only looks like one', async () => {
    const { records, problems } = await readFiles(
      {
        'Accounts.csv': 'Account Name,Type\nChecking,Bank\n',
        'Vendors.csv': [
          'Vendor Contact List',
          '',
          'Vendor,Email',
          'Friday Deliveries,',
          '"Friday, November 27, 2026 03:31 AM GMT-08:00",dispatch@example.com',
          '',
          'Accrual basis Friday, November 27, 2026 03:31:07 PM GMT+01:00',
        ].join('\n'),
        'Customers.csv':
          'Customer,Email\nCool Cars,\nFriday, November 27, 2026 03:31 AM GMT-08:00\n',
      },
      { format: 'quickbooks-online' },
    );
    expect(
      records.filter((record) => record.entity === 'vendor').map((record) => record.value.key),
    ).toEqual(['Friday Deliveries', 'Friday, November 27, 2026 03:31 AM GMT-08:00']);
    expect(
      records.filter((record) => record.entity === 'customer').map((record) => record.value.key),
    ).toEqual(['Cool Cars']);
    expect(problems.filter((problem) => problem.severity !== 'info')).toEqual([]);
  });
});
