import { describe, expect, it } from 'vitest';
import type { Problem } from '../../src/ledger/index.js';
import { ACCOUNTS_CSV, readFiles, realProblems } from './export-folder.js';

function only(problems: readonly Problem[], code: string): Problem {
  const matching = problems.filter((problem) => problem.code === code);
  expect(matching, `${code} in ${JSON.stringify(problems, null, 1)}`).toHaveLength(1);
  return matching[0] as Problem;
}

async function read(files: Record<string, string>) {
  const { records, problems } = await readFiles({ 'accounts.csv': ACCOUNTS_CSV, ...files });
  return {
    keys: (entity: string): string[] =>
      records.flatMap((record) =>
        record.entity === entity && 'key' in record.value ? [String(record.value.key)] : [],
      ),
    records,
    problems: realProblems(problems),
  };
}

describe('every row of a CSV file is read whole or reported', () => {
  it('a row cut by an unquoted line break is one located problem, not two records', async () => {
    const { keys, problems } = await read({
      'customers.csv':
        'Key,Name,Email,Phone\nC-1,Atlas,a@example.com,555-0100\nC-2,Pioneer\nTools Inc,p@example.com,555-0101\nC-3,Birch,b@example.com,555-0102\n',
    });
    expect(keys('customer')).toEqual(['C-1', 'C-3']);
    const problem = only(problems, 'csv.split-row');
    expect(problem.location).toEqual({ file: 'customers.csv', row: 3, column: 'Name' });
    expect(problem.message).toContain(
      'customers.csv rows 3 to 4 are one row cut by a line break inside the value of column "Name" (2 + 3 cells, where the header has 4)',
    );
  });

  it('a line break inside the first value is found too', async () => {
    const { keys, problems } = await read({
      'customers.csv':
        'Key,Name,Email\nC-1,Atlas,a@example.com\nC-\n2,Pioneer,p@example.com\nC-3,Birch,b@example.com\n',
    });
    expect(keys('customer')).toEqual(['C-1', 'C-3']);
    expect(only(problems, 'csv.split-row').location).toMatchObject({ row: 3, column: 'Key' });
  });

  it('a line written with another delimiter is read as its own row, not joined to the next', async () => {
    const { keys, problems } = await read({
      'customers.csv':
        'Key,Name,Email\nC-1,Atlas,a@example.com\nC-2;Pioneer;p@example.com\nC-3,Birch,b@example.com\n',
    });
    expect(keys('customer')).toEqual(['C-1', 'C-3']);
    expect(problems.map((problem) => problem.code)).not.toContain('csv.split-row');
    expect(only(problems, 'value.required').location).toMatchObject({ row: 3, column: 'Name' });
  });

  it('a stray quote closed by an inch mark rows later does not merge the rows between', async () => {
    const rows = [
      'Key,Name,Type,Description',
      'P-1,Stand,product,Desk stand',
      'P-2,"Deluxe stand,product,Oak',
      'P-3,Widget,product,Blue',
      'P-4,Gadget,product,Red',
      'P-5,Cable,product,Two metres',
      'P-6,Lamp,product,Desk lamp',
      'P-7,Monitor 12",product,Screen',
      'P-8,Mouse,product,Wireless',
      '',
    ];
    const { keys, problems } = await read({ 'products.csv': rows.join('\n') });
    expect(keys('product')).toEqual(['P-1', 'P-8']);
    const problem = only(problems, 'csv.quote-spans-rows');
    expect(problem.location).toEqual({ file: 'products.csv', row: 3, column: 'Name' });
    expect(problem.message).toContain(
      'products.csv rows 3 to 8 were read as one row: a quote (") opens the value of column "Name" on row 3 and is only closed on row 8',
    );
  });

  it('a quoted value with line breaks (an address) is a value', async () => {
    const { records, problems } = await read({
      'customers.csv':
        'Key,Name,Street,City\nC-1,Atlas,"1 Main St\nSuite 4, rear",Springfield\nC-2,Birch,2 Elm St,Springfield\n',
    });
    expect(problems).toEqual([]);
    expect(records.find((record) => record.entity === 'customer')?.value).toMatchObject({
      key: 'C-1',
      billingAddress: { street: '1 Main St\nSuite 4, rear' },
    });
  });

  it("a report's one-cell section headings are not pieces of a row", async () => {
    const report = [
      'Trial Balance',
      'Harbour Lights Ltd',
      'As at 31 January 2024',
      '',
      'Account,Debit,Credit,YTD Debit,YTD Credit',
      'Revenue',
      'Sales (4000),,100.00,,100.00',
      'Assets',
      'Business Checking (1000),100.00,,100.00,',
      '',
    ].join('\n');
    const { problems } = await readFiles(
      {
        'Chart of Accounts.csv':
          '*Code,*Name,*Type\n1000,Business Checking,Bank\n4000,Sales,Revenue\n',
        'Contacts.csv': 'ContactName\n',
        'Trial Balance.csv': report,
      },
      { format: 'xero', endDate: '2024-01-31' },
    );
    expect(problems.filter((problem) => problem.code.startsWith('csv.'))).toEqual([]);
  });
});
