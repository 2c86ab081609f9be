import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Problem } from '../../src/ledger/index.js';
import { join } from 'node:path';
import { ACCOUNTS_CSV, exportFolder, readAll, readFiles, realProblems } from './export-folder.js';

const BANK_HEADER = 'Key,BankAccount,Date,Amount,Description';

function only(problems: readonly Problem[], code: string): Problem {
  const matching = problems.filter((problem) => problem.code === code);
  expect(matching, `${code} in ${JSON.stringify(problems, null, 1)}`).toHaveLength(1);
  return matching[0] as Problem;
}

async function workbook(build: (book: ExcelJS.Workbook) => void): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  build(book);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('bad input: each case is a located problem, never a crash', () => {
  it('a CSV cut off in the middle of its last row', async () => {
    const { records, problems } = await readFiles({
      'accounts.csv': ACCOUNTS_CSV,
      'bank_transactions.csv': `${BANK_HEADER}\nBT-1,1000,2024-01-05,-15.00,Fee\nBT-2,1000,2024-01-0`,
    });
    const truncated = only(problems, 'csv.truncated');
    expect(truncated.location).toEqual({ file: 'bank_transactions.csv', row: 3 });
    expect(truncated.message).toMatch(/cut off/);
    expect(only(problems, 'date.invalid').location).toMatchObject({ row: 3, column: 'Date' });
    expect(records.filter((record) => record.entity === 'bank-transaction')).toHaveLength(1);
  });

  it('a workbook cut off in transfer', async () => {
    const full = await workbook((book) =>
      book.addWorksheet('accounts').addRow(['Code', 'Name', 'Kind']),
    );
    const { problems } = await readFiles({
      'accounts.xlsx': full.subarray(0, Math.floor(full.length / 2)),
    });
    const problem = only(problems, 'xlsx.unreadable');
    expect(problem.location).toEqual({ file: 'accounts.xlsx', row: 1 });
    expect(problem.message).toMatch(/save it again/);
    // Said once: the header that could not be looked for is not a second error.
    expect(realProblems(problems).filter((p) => p.location?.file === 'accounts.xlsx')).toEqual([
      problem,
    ]);
  });

  it('an IIF transaction without its ENDTRNS', async () => {
    const iif = [
      '!ACCNT\tNAME\tACCNTTYPE',
      'ACCNT\tChecking\tBANK',
      '!TRNS\tTRNSTYPE\tDATE\tACCNT\tAMOUNT',
      '!SPL\tTRNSTYPE\tDATE\tACCNT\tAMOUNT',
      'TRNS\tCHECK\t1/15/2024\tChecking\t-10.00',
      'SPL\tCHECK\t1/15/2024\tRent\t10.00',
    ].join('\r\n');
    const { problems } = await readFiles(
      { 'books.iif': iif },
      { format: 'quickbooks-desktop-iif', defaultCurrency: 'USD' },
    );
    const problem = only(realProblems(problems), 'iif.unterminated-transaction');
    expect(problem.location).toEqual({ file: 'books.iif', row: 5 });
    expect(problem.message).toMatch(/no ENDTRNS/);
  });

  it('a semicolon file read with a forced comma delimiter names the delimiter and the row it saw', async () => {
    const { problems } = await readFiles(
      { 'accounts.csv': 'Code;Name;Kind\n1000;Business Checking;bank\n' },
      { format: 'generic', overrides: { delimiter: ',' } },
    );
    const problem = only(problems, 'header.not-found');
    expect(problem.location).toEqual({ file: 'accounts.csv', row: 1 });
    expect(problem.message).toContain('Code;Name;Kind');
    expect(problem.message).toContain('forces ","');
  });

  it('detects semicolons and decimal commas on its own', async () => {
    const { records, problems } = await readFiles({
      'accounts.csv': 'Code;Name;Kind\n1000;Bank;bank\n',
      'opening_balances.csv': 'Account;Debit;Credit\n1000;"1.234,50";\n',
    });
    expect(realProblems(problems)).toEqual([]);
    expect(records.find((record) => record.entity === 'opening-balance')?.value).toMatchObject({
      debit: '1234.50',
    });
  });

  it('a row with more cells than the header (an unquoted separator)', async () => {
    const { records, problems } = await readFiles({
      'accounts.csv':
        'Code,Name,Kind\n1000,Checking,bank\n2000,Loans, long term,non-current-liability\n',
    });
    const problem = only(problems, 'csv.column-count');
    expect(problem.location).toEqual({ file: 'accounts.csv', row: 3 });
    expect(records).toHaveLength(1);
  });

  it('an unquoted separator in a row whose last column is empty is still caught', async () => {
    const { records, problems } = await readFiles({
      'customers.csv':
        'Key,Name,Email,Phone\nC-1,Atlas,a@example.com,555-0100\nC-2,Pioneer, Inc,p@example.com,\nC-3,Birch,b@example.com,555-0102\n',
    });
    expect(only(problems, 'csv.column-count').location).toEqual({
      file: 'customers.csv',
      row: 3,
    });
    expect(records.map((record) => record.value)).toMatchObject([{ key: 'C-1' }, { key: 'C-3' }]);
  });

  it("empty cells that every row carries are the exporter's padding, not a shift", async () => {
    const { records, problems } = await readFiles({
      'customers.csv':
        'Key,Name,Email,Phone\nC-1,Atlas,a@example.com,,,\nC-2,Birch,b@example.com,555-0102,,\n',
    });
    expect(problems.filter((problem) => problem.code === 'csv.column-count')).toEqual([]);
    expect(records.map((record) => record.value)).toMatchObject([
      { key: 'C-1', name: 'Atlas' },
      { key: 'C-2', name: 'Birch', phone: '555-0102' },
    ]);
  });

  it('an unterminated quote stops the file at the row where the quote opened, after yielding the rows before', async () => {
    const { records, problems } = await readFiles({
      'accounts.csv':
        'Code,Name,Kind\n1000,Checking,bank\n2000,"Payables,payable\n3000,Equity,equity\n',
    });
    const problem = only(problems, 'csv.unterminated-quote');
    expect(problem.location).toEqual({ file: 'accounts.csv', row: 3 });
    expect(problem.message).toMatch(/never closed/);
    expect(records.map((record) => record.value)).toMatchObject([{ key: '1000' }]);
  });

  it('a stray quote inside a value stops the file there, and says so', async () => {
    const { records, problems } = await readFiles({
      'accounts.csv': 'Code,Name,Kind\n1000,Bank,bank\n2000,"Checking"x,bank\n3000,Sales,revenue\n',
    });
    const problem = only(problems, 'csv.invalid-quote');
    expect(problem.location).toEqual({ file: 'accounts.csv', row: 3 });
    expect(problem.message).toMatch(/cannot be read past it/);
    expect(records.map((record) => record.value)).toMatchObject([{ key: '1000' }]);
  });

  it('a UTF-8 file with a Windows-1252 line reads both and points at the odd line', async () => {
    const utf8 = Buffer.from('Code,Name,Kind\n1000,Café Checking,bank\n', 'utf8');
    const cp1252 = Buffer.from([
      ...Buffer.from('2000,M'),
      0xfc,
      ...Buffer.from('ller Payables,payable\n'),
    ]);
    const { records, problems } = await readFiles({
      'accounts.csv': Buffer.concat([utf8, cp1252]),
    });
    expect(records.map((record) => (record.value as { name: string }).name)).toEqual([
      'Café Checking',
      'Müller Payables',
    ]);
    const problem = only(problems, 'encoding.mixed');
    expect(problem.severity).toBe('warning');
    expect(problem.location).toEqual({ file: 'accounts.csv', row: 3 });
  });

  it('reads UTF-16 with a BOM, UTF-8 with a BOM and Windows-1252 files', async () => {
    const text = 'Code,Name,Kind\r\n1000,Caisse d’épargne,bank\r\n';
    for (const bytes of [
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]),
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]),
      Buffer.from(text.replace('’', "'"), 'latin1'),
    ]) {
      const { records, problems } = await readFiles({ 'accounts.csv': bytes });
      expect(realProblems(problems)).toEqual([]);
      expect((records[0]?.value as { name: string }).name).toMatch(/^Caisse d.épargne$/);
    }
  });

  it('duplicate headers for a column the mapping reads', async () => {
    const { problems, records } = await readFiles({
      'accounts.csv': 'Code,Name,Kind,Name\n1000,Checking,bank,Other\n',
    });
    const problem = only(problems, 'header.duplicate-column');
    expect(problem.location).toEqual({ file: 'accounts.csv', row: 1, column: 'Name' });
    expect(problem.message).toMatch(/2 times/);
    expect(records).toEqual([]);
  });

  it('a missing required column is named, with the override that fixes it', async () => {
    const { problems } = await readFiles({
      'accounts.csv': 'Code,Name,Type\n1000,Checking,bank\n',
    });
    const problem = only(problems, 'header.missing-column');
    expect(problem.location).toEqual({ file: 'accounts.csv', row: 1 });
    expect(problem.message).toContain('"Kind"');
    const renamed = await readFiles(
      { 'accounts.csv': 'Code,Name,Type\n1000,Checking,bank\n' },
      { format: 'generic', overrides: { columns: { accounts: { Kind: 'Type' } } } },
    );
    expect(realProblems(renamed.problems)).toEqual([]);
  });

  it('formula cells: the saved result is read; one without is evaluated, or is a located error', async () => {
    const book = await workbook((wb) => {
      const sheet = wb.addWorksheet('opening_balances');
      sheet.addRow(['Account', 'Debit', 'Credit']);
      sheet.addRow(['1000', { formula: '600+400', result: 1000 }, null]);
      sheet.addRow(['4000', null, { formula: 'SUM(B2:B2)' }]);
      sheet.addRow(['4100', null, { formula: 'ROUND(B2,0)' }]);
    });
    const { records, problems } = await readFiles({
      'accounts.csv': `${ACCOUNTS_CSV}4100,Other income,revenue\n`,
      'ledger.xlsx': book,
    });
    const balances = records.filter((record) => record.entity === 'opening-balance');
    expect(balances.map((record) => record.value)).toEqual([
      expect.objectContaining({ accountKey: '1000', debit: '1000.00' }),
      expect.objectContaining({ accountKey: '4000', credit: '1000.00' }),
    ]);
    const problem = only(problems, 'xlsx.formula-unsupported');
    expect(problem.location).toEqual({
      file: 'ledger.xlsx',
      sheet: 'opening_balances',
      row: 4,
      column: 'Credit',
    });
    expect(problem.message).toContain('=ROUND(B2,0)');
    expect(problem.message).toMatch(/uses ROUND/);
  });

  it('cells merged down a column are reported, and the emptied rows say why', async () => {
    const book = await workbook((wb) => {
      const sheet = wb.addWorksheet('bank_transactions');
      sheet.addRow(['Key', 'BankAccount', 'Date', 'Amount']);
      sheet.addRow(['BT-1', '1000', '2024-01-05', -15]);
      sheet.addRow(['BT-2', null, '2024-01-06', -20]);
      sheet.mergeCells('B2:B3');
    });
    const { problems } = await readFiles({ 'accounts.csv': ACCOUNTS_CSV, 'ledger.xlsx': book });
    expect(only(problems, 'xlsx.merged-cells').location).toEqual({
      file: 'ledger.xlsx',
      sheet: 'bank_transactions',
      row: 2,
    });
    const required = only(problems, 'value.required');
    expect(required.location).toMatchObject({ row: 3, column: 'BankAccount' });
    expect(required.message).toMatch(/merged/);
  });

  it('dates stored as Excel serial numbers with no date format: refused with the likely date, in a workbook and in a CSV', async () => {
    const book = await workbook((wb) => {
      const sheet = wb.addWorksheet('bank_transactions');
      sheet.addRow(['Key', 'BankAccount', 'Date', 'Amount']);
      sheet.addRow(['BT-1', '1000', 45306, -15]);
    });
    const fromWorkbook = await readFiles({ 'accounts.csv': ACCOUNTS_CSV, 'ledger.xlsx': book });
    expect(fromWorkbook.records.filter((record) => record.entity === 'bank-transaction')).toEqual(
      [],
    );
    const number = only(fromWorkbook.problems, 'xlsx.date-as-number');
    expect(number.location).toMatchObject({ file: 'ledger.xlsx', row: 2, column: 'Date' });
    expect(number.message).toContain('2024-01-15');
    const fromCsv = await readFiles({
      'accounts.csv': ACCOUNTS_CSV,
      'bank_transactions.csv': `${BANK_HEADER}\nBT-1,1000,45306,-15,Fee\n`,
    });
    const problem = only(fromCsv.problems, 'date.excel-serial');
    expect(problem.location).toMatchObject({
      file: 'bank_transactions.csv',
      row: 2,
      column: 'Date',
    });
    expect(problem.message).toContain('2024-01-15');
  });

  it('refuses to guess when every date could be day-first or month-first', async () => {
    const { records, problems } = await readFiles({
      'accounts.csv': ACCOUNTS_CSV,
      'bank_transactions.csv': `${BANK_HEADER}\nBT-1,1000,03/04/2024,-15,Fee\nBT-2,1000,05/06/2024,-15,Fee\n`,
    });
    const problem = only(problems, 'date.ambiguous-format');
    expect(problem.location).toEqual({ file: 'bank_transactions.csv', row: 2, column: 'Date' });
    expect(problem.message).toContain('03/04/2024');
    expect(problem.message).toContain('"dateFormat"');
    expect(records.filter((record) => record.entity === 'bank-transaction')).toEqual([]);
    const configured = await readFiles(
      {
        'accounts.csv': ACCOUNTS_CSV,
        'bank_transactions.csv': `${BANK_HEADER}\nBT-1,1000,03/04/2024,-15,Fee\n`,
      },
      { format: 'generic', overrides: { dateFormat: 'DD/MM/YYYY' } },
    );
    expect(
      configured.records.find((record) => record.entity === 'bank-transaction')?.value,
    ).toMatchObject({ date: '2024-04-03' });
  });

  it("settles each file's date order from its own dates that only one order fits", async () => {
    const { records, problems } = await readFiles({
      'accounts.csv': ACCOUNTS_CSV,
      'bank_transactions.csv': `${BANK_HEADER}\nBT-1,1000,03/04/2024,-15,Fee\nBT-2,1000,13/04/2024,-15,Fee\n`,
      'credit_applications.csv':
        'Kind,Date,Credit,Document,Amount\ncustomer-credit,02/01/2024,CN-1,INV-1,5\ncustomer-credit,01/25/2024,CN-1,INV-1,5\n',
    });
    expect(
      records
        .filter((record) => record.entity === 'bank-transaction')
        .map((record) => record.value),
    ).toMatchObject([
      { key: 'BT-1', date: '2024-04-03' },
      { key: 'BT-2', date: '2024-04-13' },
    ]);
    expect(
      records
        .filter((record) => record.entity === 'credit-application')
        .map((record) => record.value.date),
    ).toEqual(['2024-02-01', '2024-01-25']);
    expect(realProblems(problems)).toEqual([]);
  });

  it('reads a file whose every date reads both ways in the order another file shows, and says so', async () => {
    const { records, problems } = await readFiles({
      'accounts.csv': ACCOUNTS_CSV,
      'bank_transactions.csv': `${BANK_HEADER}\nBT-1,1000,03/04/2024,-15,Fee\nBT-2,1000,04/02/2024,-15,Fee\n`,
      'credit_applications.csv':
        'Kind,Date,Credit,Document,Amount\ncustomer-credit,01/25/2024,CN-1,INV-1,5\n',
    });
    expect(
      records
        .filter((record) => record.entity === 'bank-transaction')
        .map((record) => record.value.date),
    ).toEqual(['2024-03-04', '2024-04-02']);
    const note = only(problems, 'date.order-assumed');
    expect(note).toMatchObject({
      severity: 'info',
      location: { file: 'bank_transactions.csv', row: 2, column: 'Date' },
    });
    expect(note.message).toContain(
      'bank_transactions.csv: no date in it tells day-first from month-first (like "03/04/2024", row 2), so its 2 dates were read as MM/DD/YYYY, the order "01/25/2024" shows in credit_applications.csv row 2, column "Date"',
    );
  });

  it('a title block above the header is skipped, an amount that is not one is located', async () => {
    const { problems } = await readFiles({
      'accounts.csv': ACCOUNTS_CSV,
      'bank_transactions.csv': `Harbour Lights Ltd\nBank transactions export\n\n${BANK_HEADER}\nBT-1,1000,2024-01-05,twelve,Fee\n`,
    });
    const problem = only(problems, 'amount.invalid');
    expect(problem.location).toEqual({ file: 'bank_transactions.csv', row: 5, column: 'Amount' });
    expect(problem.message).toContain('"twelve"');
    expect(problem).toMatchObject({ entity: 'bank-transaction', key: 'BT-1' });
  });

  it('a bad override file names the file and the JSON path of each bad setting, and nothing is read', async () => {
    const { folder, cleanup } = await exportFolder({
      'accounts.csv': ACCOUNTS_CSV,
      'overrides.json':
        '{"dateFormat": "DD.MM.YY", "files": {"invoices": {"file": "x.csv", "delimiter": ":"}}}',
    });
    try {
      const { records, problems } = await readAll({
        folder,
        format: 'generic',
        overridesFile: join(folder, 'overrides.json'),
      });
      expect(records).toEqual([]);
      expect(problems.map((problem) => [problem.code, problem.location?.column]).sort()).toEqual([
        ['overrides.invalid', 'dateFormat'],
        ['overrides.invalid', 'files.invoices.delimiter'],
      ]);
      expect(problems[0]?.message).toContain('overrides.json');
    } finally {
      await cleanup();
    }
  });
});
