import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LedgerRecord, Problem } from '../../src/ledger/index.js';
import { HEADER_ROW, workbook } from './hostile/hostile-corpus.js';
import { deflatedPart } from './hostile/zip-builder.js';
import { ACCOUNTS_CSV, readFiles } from './export-folder.js';

const coded = (problems: readonly Problem[], code: string) =>
  problems.filter((problem) => problem.code === code);

const customers = (records: readonly LedgerRecord[]) =>
  records.flatMap((record) => (record.entity === 'customer' ? [record.value.key] : []));

const inline = (reference: string, text: string) =>
  `<c r="${reference}" t="inlineStr"><is><t>${text}</t></is></c>`;

/** An accounts workbook (sheet "accounts", header Code, Name, Kind) of one account. */
const accountsWorkbook = workbook({
  sheet: deflatedPart(
    'xl/worksheets/sheet1.xml',
    `<worksheet><sheetData>${HEADER_ROW}<row r="2">${inline('A2', '1200')}${inline('B2', 'Savings')}${inline('C2', 'bank')}</row></sheetData></worksheet>`,
  ),
});

describe('one file per table', () => {
  it('accounts.csv beside accounts.xlsx is an error naming both; the first is read', async () => {
    const { records, problems } = await readFiles({
      'accounts.csv': ACCOUNTS_CSV,
      'accounts.xlsx': accountsWorkbook,
    });
    expect(records.flatMap((r) => (r.entity === 'account' ? [r.value.key] : []))).toEqual([
      '1000',
      '4000',
    ]);
    expect(coded(problems, 'file.duplicate')).toEqual([
      {
        severity: 'error',
        code: 'file.duplicate',
        location: { file: 'accounts.csv', row: 1 },
        message:
          '"accounts.csv" and "accounts.xlsx" could each be the accounts export; only "accounts.csv" was read. Remove the other one from the export folder, or name the file to read under "files" → "accounts" in the override file.',
      },
    ]);
  });

  it('a name only a second download or a double extension has is a warning saying what to rename', async () => {
    const { records, problems } = await readFiles({
      'accounts.csv': ACCOUNTS_CSV,
      'customers (1).csv': 'Key,Name\nC-1,Atlas\n',
      'vendors.csv.txt': 'Key,Name\nV-1,Birch\n',
    });
    expect(customers(records)).toEqual([]);
    expect(
      coded(problems, 'file.near-miss').map((problem) => [
        problem.severity,
        problem.location?.file,
        problem.message,
      ]),
    ).toEqual([
      [
        'warning',
        'customers (1).csv',
        '"customers (1).csv" looks like the customers export, but it is not read under this name. Rename it "customers.csv".',
      ],
      [
        'warning',
        'vendors.csv.txt',
        '"vendors.csv.txt" looks like the vendors export, but it is not read under this name. Rename it "vendors.csv".',
      ],
    ]);
  });

  it('a workbook in a format not read is a warning saying what to save it as', async () => {
    const { problems } = await readFiles({
      'accounts.csv': ACCOUNTS_CSV,
      'customers.ods': 'not read',
    });
    expect(coded(problems, 'file.near-miss')[0]?.message).toBe(
      '"customers.ods" looks like the customers export, but .ods files are not read. Open it in Excel or another spreadsheet program and save it as "customers.xlsx" (Excel Workbook).',
    );
  });

  it('a second copy beside the file read says which one is read', async () => {
    const { records, problems } = await readFiles({
      'accounts.csv': ACCOUNTS_CSV,
      'customers.csv': 'Key,Name\nC-1,Atlas\n',
      'customers - Copy.csv': 'Key,Name\nC-1,Atlas\nC-2,Birch\n',
    });
    expect(customers(records)).toEqual(['C-1']);
    expect(coded(problems, 'file.near-miss')).toEqual([
      expect.objectContaining({
        severity: 'warning',
        message:
          '"customers - Copy.csv" looks like the customers export, but only "customers.csv" is read. If it is a second copy of the same export, remove it; if it is the one to read, put it in place of "customers.csv".',
      }),
    ]);
  });

  it('two reports with the same title are an error naming both', async () => {
    const report = await readFile(
      path.resolve(
        import.meta.dirname,
        '../fixtures/xero-aged-detail/tb-2020-09-30/Maple Ridge Design Co. report (1).csv',
      ),
    );
    const { problems } = await readFiles(
      {
        'Chart of Accounts.csv': '*Code,*Name,*Type\n610,Accounts Receivable,Current Asset\n',
        'Contacts.csv': 'ContactName\nKDUB1kRgevBwTB5rxhBUxw==\n',
        'receivables September.csv': report,
        'receivables September again.csv': report,
      },
      { format: 'xero', defaultCurrency: 'CAD', cutoverDate: '2020-10-01' },
    );
    expect(coded(problems, 'file.duplicate')).toEqual([
      expect.objectContaining({
        severity: 'error',
        location: { file: 'receivables September again.csv', row: 1 },
        message: expect.stringContaining(
          '"receivables September again.csv" and "receivables September.csv" could each be the aged receivables export',
        ) as string,
      }),
    ]);
  });

  it('two trial balances at the same date are an error naming both', async () => {
    const trialBalance =
      'Trial Balance\nDemo Co\nAs at 30 September 2020\n\nAccount,Debit,Credit\nSales (200),,10.00\nBank (090),10.00,\n';
    const { problems } = await readFiles(
      {
        'Chart of Accounts.csv': '*Code,*Name,*Type\n200,Sales,Revenue\n090,Bank,Bank\n',
        'Contacts.csv': 'ContactName\nAtlas\n',
        'Trial Balance.csv': trialBalance,
        'TB September.csv': trialBalance,
      },
      { format: 'xero', defaultCurrency: 'CAD', cutoverDate: '2020-10-01' },
    );
    const duplicates = coded(problems, 'file.duplicate');
    expect(duplicates).toHaveLength(1);
    expect(duplicates[0]?.message).toContain('"TB September.csv" and "Trial Balance.csv"');
    expect(coded(problems, 'balance.trial-unused')).toEqual([]);
  });
});
