import { describe, expect, it } from 'vitest';
import type { Problem } from '../../src/ledger/index.js';
import { HEADER_ROW, workbook } from './hostile/hostile-corpus.js';
import { deflatedPart } from './hostile/zip-builder.js';
import { ACCOUNTS_CSV, readFiles } from './export-folder.js';

const coded = (problems: readonly Problem[], code: string) =>
  problems.filter((problem) => problem.code === code);

const inline = (reference: string, text: string) =>
  `<c r="${reference}" t="inlineStr"><is><t>${text}</t></is></c>`;

describe('every column of a file is accounted for', () => {
  it('a Tax column beside the template columns is a warning naming it, once for the file', async () => {
    const { records, problems } = await readFiles({
      'accounts.csv': ACCOUNTS_CSV,
      'customers.csv':
        'Key,Name,Email,Tax,Region\nC-1,Atlas,a@example.com,12.50,\nC-2,Birch,,,North\n',
    });
    expect(records.filter((record) => record.entity === 'customer')).toHaveLength(2);
    const unused = coded(problems, 'column.unused');
    expect(unused).toHaveLength(1);
    expect(unused[0]).toMatchObject({
      severity: 'warning',
      location: { file: 'customers.csv', row: 1, column: 'Tax' },
    });
    expect(unused[0]?.message).toContain('customers.csv: 2 columns are not read');
    expect(unused[0]?.message).toContain('"Tax" (row 2: "12.50")');
    expect(unused[0]?.message).toContain('"Region"');
    expect(unused[0]?.message).toContain('"columns" → "customers"');
  });

  it('columns named like nothing the books hold are an info note', async () => {
    const { problems } = await readFiles({
      'accounts.csv': ACCOUNTS_CSV,
      'customers.csv': 'Key,Name,Region\nC-1,Atlas,North\n',
    });
    expect(coded(problems, 'column.unused')).toEqual([
      expect.objectContaining({
        severity: 'info',
        message: 'customers.csv: 1 column is not read: "Region". What it holds is not migrated.',
      }),
    ]);
  });

  it('values under a blank header are a warning at their first cell', async () => {
    const { problems } = await readFiles({
      'accounts.csv': ACCOUNTS_CSV,
      'customers.csv': 'Key,Name,,Email\nC-1,Atlas,,a@example.com\nC-2,Birch,VIP,\n',
    });
    expect(coded(problems, 'column.unnamed')).toEqual([
      expect.objectContaining({
        severity: 'warning',
        location: { file: 'customers.csv', row: 3, column: 'column 3' },
      }),
    ]);
    expect(coded(problems, 'column.unnamed')[0]?.message).toContain('column 3 (row 3: "VIP")');
    expect(coded(problems, 'column.unused')).toEqual([]);
  });

  it("values right of a workbook's header, under no header, are a warning", async () => {
    const rows = [
      `<row r="2">${inline('A2', '1000')}${inline('B2', 'Checking')}${inline('C2', 'bank')}${inline('E2', '250.00')}</row>`,
      `<row r="3">${inline('A3', '4000')}${inline('B3', 'Sales')}${inline('C3', 'revenue')}</row>`,
    ].join('');
    const xlsx = workbook({
      sheet: deflatedPart(
        'xl/worksheets/sheet1.xml',
        `<worksheet><sheetData>${HEADER_ROW}${rows}</sheetData></worksheet>`,
      ),
    });
    const { records, problems } = await readFiles({ 'accounts.xlsx': xlsx });
    expect(records.filter((record) => record.entity === 'account')).toHaveLength(2);
    expect(coded(problems, 'column.unnamed')).toEqual([
      expect.objectContaining({
        location: { file: 'accounts.xlsx', sheet: 'accounts', row: 2, column: 'column 5' },
      }),
    ]);
  });

  it('a file two tables read lists only the columns neither reads, once', async () => {
    const { problems } = await readFiles(
      {
        'Chart of Accounts.csv': '*Code,*Name,*Type\n200,Sales,Revenue\n',
        'Contacts.csv':
          'ContactName,EmailAddress,SkypeName,Loyalty Tier\nAtlas,a@example.com,,Gold\n',
      },
      { format: 'xero' },
    );
    const unused = coded(problems, 'column.unused');
    expect(unused).toHaveLength(1);
    expect(unused[0]).toMatchObject({ severity: 'info', location: { file: 'Contacts.csv' } });
    expect(unused[0]?.message).toContain('2 columns are not read: "SkypeName", "Loyalty Tier"');
  });

  it("a column the export is known to hold unread is never a warning (Xero's chart balance)", async () => {
    const { problems } = await readFiles(
      {
        'Chart of Accounts.csv':
          '*Code,*Name,*Type,*Tax Code,Description,Dashboard,Expense Claims,Enable Payments,Balance,Reporting Code\n' +
          '200,Sales,Revenue,Tax on Sales,,No,No,No,-1200.00,REV.TRA\n',
        'Contacts.csv': 'ContactName\nAtlas\n',
      },
      { format: 'xero' },
    );
    const unused = coded(problems, 'column.unused').filter(
      (problem) => problem.location?.file === 'Chart of Accounts.csv',
    );
    expect(unused).toHaveLength(1);
    // "Reporting Code" is no column of Xero's layout: named like an identifier, it warns.
    expect(unused[0]).toMatchObject({
      severity: 'warning',
      location: { column: 'Reporting Code' },
    });
    expect(unused[0]?.message).toContain('"Reporting Code" holds values');
    expect(unused[0]?.message).not.toContain('"Balance" (row');
  });
});
