import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsOf, formatCents } from '../../src/money/index.js';
import type { RunReport } from '../../src/reports/run-report.js';
import { writeXlsxReport, xlsxSheetNames } from '../../src/reports/write-xlsx.js';
import { manyFailedRows, sampleRunReport } from './sample-report.js';

let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'ledgerlift-xlsx-'));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function roundTrip(report: RunReport): Promise<ExcelJS.Workbook> {
  const file = path.join(folder, `${Math.random().toString(36).slice(2)}.xlsx`);
  await writeXlsxReport(report, file);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  return workbook;
}

function sheet(workbook: ExcelJS.Workbook, name: string): ExcelJS.Worksheet {
  const found = workbook.getWorksheet(name);
  if (!found) throw new Error(`no sheet ${name}`);
  return found;
}

/** The rows of a sheet as objects keyed by the header row. */
function records(worksheet: ExcelJS.Worksheet): Array<Record<string, ExcelJS.CellValue>> {
  const headers = (worksheet.getRow(1).values as ExcelJS.CellValue[]).slice(1).map(String);
  const out: Array<Record<string, ExcelJS.CellValue>> = [];
  worksheet.eachRow((row, number) => {
    if (number === 1) return;
    out.push(
      Object.fromEntries(headers.map((header, index) => [header, row.getCell(index + 1).value])),
    );
  });
  return out;
}

/** A money cell back to the report's string: through its shortest decimal form, exactly. */
function moneyText(value: ExcelJS.CellValue): string {
  if (typeof value === 'number') return formatCents(centsOf(String(value)));
  if (typeof value === 'string') return value;
  throw new Error(`not a money cell: ${JSON.stringify(value)}`);
}

describe('writeXlsxReport', () => {
  it('writes the sheets in order, each with a bold, frozen header and a filter', async () => {
    const workbook = await roundTrip(sampleRunReport('live-with-failures'));
    expect(workbook.worksheets.map((worksheet) => worksheet.name)).toEqual([...xlsxSheetNames]);
    for (const name of xlsxSheetNames) {
      const worksheet = sheet(workbook, name);
      expect(worksheet.getRow(1).getCell(1).font?.bold, name).toBe(true);
      expect(worksheet.views[0], name).toMatchObject({ state: 'frozen', ySplit: 1 });
      if (name !== 'Summary') expect(worksheet.autoFilter, name).toBeTruthy();
      for (const column of worksheet.columns)
        expect(column.width ?? 0, name).toBeGreaterThanOrEqual(10);
    }
  });

  it('lists every failed row, with file, sheet, row and column in their own columns', async () => {
    const report = sampleRunReport('live-with-failures');
    const failedRows = [...report.failedRows, ...manyFailedRows(1500)];
    const workbook = await roundTrip({ ...report, failedRows });
    const rows = records(sheet(workbook, 'Failed rows'));
    expect(rows).toHaveLength(failedRows.length);
    expect(rows.find((row) => row['Record key'] === 'INV-2304')).toEqual({
      Step: 'invoices',
      Entity: 'invoice',
      'Record key': 'INV-2304',
      Code: 'api.400',
      Reason: 'dueDate 2024-02-30 is not a calendar date.',
      File: 'Invoices.csv',
      Sheet: null,
      Row: 239,
      Column: 'DueDate',
    });
    expect(rows.find((row) => row['Record key'] === 'BILL-0918')).toMatchObject({
      File: 'Bills.xlsx',
      Sheet: 'Bills 2024',
      Row: 77,
      Column: 'Total',
    });
    expect(sheet(workbook, 'Failed rows').autoFilter).toBe(`A1:I${failedRows.length + 1}`);
  });

  it('writes money as numbers equal to the report’s decimal strings, formatted #,##0.00', async () => {
    const report = sampleRunReport('live-with-failures');
    const verification = report.verification;
    if (!verification) throw new Error('sample has a verification');
    const workbook = await roundTrip(report);
    const worksheet = sheet(workbook, 'Verification');
    const rows = records(worksheet);
    const expected = [
      ...verification.accounts,
      ...verification.receivables,
      ...verification.payables,
    ];
    expect(rows).toHaveLength(expected.length);
    rows.forEach((row, index) => {
      const line = expected[index];
      expect(typeof row.Expected).toBe('number');
      expect(moneyText(row.Expected)).toBe(line?.expected);
      expect(moneyText(row.Actual)).toBe(line?.actual);
      expect(moneyText(row.Difference)).toBe(line?.difference);
      expect(row.Check).toBe(line?.difference === '0.00' ? 'matches' : 'differs');
      expect(row['Probable cause'] ?? '').toBe(line?.cause ?? '');
    });
    expect(worksheet.getRow(2).getCell(4).numFmt).toBe('#,##0.00');
    expect(rows.filter((row) => row.Comparison === 'Receivables')).toHaveLength(6);

    const summary = records(sheet(workbook, 'Summary'));
    const clearing = summary.find((row) => row.Item === 'Clearing balance');
    expect(moneyText(clearing?.Value ?? null)).toBe(verification.clearingBalance);

    // The last row is the totals row (test/reports/xlsx-run-record-sheets.test.ts).
    const balances = records(sheet(workbook, 'Projected trial balance')).slice(0, -1);
    expect(balances.map((row) => moneyText(row['Balance (debit +)']))).toEqual(
      report.projectedTrialBalance.map((line) => line.balance),
    );
    const depreciation = balances.find((row) => row.Key === '1510');
    expect(depreciation?.Debit).toBeNull();
    expect(moneyText(depreciation?.Credit ?? null)).toBe('12800.00');
  });

  it('keeps amounts a double cannot hold exactly as exact text', async () => {
    const report = sampleRunReport('verified', {
      projectedTrialBalance: [
        { key: '9999', name: 'Huge', balance: '12345678901234567.89' },
        { key: '9998', name: 'Largest exact', balance: '-9999999999999.99' },
      ],
    });
    const rows = records(sheet(await roundTrip(report), 'Projected trial balance'));
    expect(rows[0]?.['Balance (debit +)']).toBe('12345678901234567.89');
    expect(rows[1]?.['Balance (debit +)']).toBe(-9999999999999.99);
    expect(moneyText(rows[1]?.['Balance (debit +)'] ?? null)).toBe('-9999999999999.99');
  });

  it('writes hostile text as inert text that keeps the workbook readable', async () => {
    const report = sampleRunReport('live-with-failures');
    const formula = '=HYPERLINK("http://attacker.example","click")';
    const failedRows = [
      {
        step: 'invoices' as const,
        entity: 'invoice',
        key: formula,
        code: 'api.400',
        reason: 'bad\u0000byte\u0007 <b>&</b>',
      },
    ];
    const worksheet = sheet(await roundTrip({ ...report, failedRows }), 'Failed rows');
    const cell = worksheet.getRow(2).getCell(3);
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe(formula);
    expect(worksheet.getRow(2).getCell(5).value).toBe('bad\uFFFDbyte\uFFFD <b>&</b>');
    expect(worksheet.getRow(2).getCell(6).value).toBeNull();
  });

  it('writes a blocked run, with no verification, as a complete workbook', async () => {
    const report = sampleRunReport('blocked');
    const workbook = await roundTrip(report);
    const summary = records(sheet(workbook, 'Summary'));
    expect(summary.find((row) => row.Item === 'Status')?.Value).toBe('Blocked');
    expect(summary.find((row) => row.Item === 'Books verified')?.Value).toBe('Not verified');
    expect(records(sheet(workbook, 'Verification'))).toHaveLength(0);
    const problems = records(sheet(workbook, 'Problems'));
    expect(problems.filter((row) => row.Severity === 'error')).toHaveLength(3);
    expect(problems[2]).toMatchObject({
      File: 'TrialBalance.xlsx',
      Sheet: 'TB 31 Dec 2023',
      Row: 41,
      Column: 'Debit',
    });
  });

  it('marks a dry run and carries its predictions', async () => {
    const workbook = await roundTrip(sampleRunReport('dry-run'));
    const summary = records(sheet(workbook, 'Summary'));
    const value = (item: string) => summary.find((row) => row.Item === item)?.Value;
    expect(value('Mode')).toBe('DRY RUN (nothing was written)');
    expect(value('Predicted API calls (live run)')).toBe(134);
    expect(value('Rate limit (requests per minute)')).toBe(120);
    // Its steps' calls are the live run's: a dry run makes none.
    const steps = records(sheet(workbook, 'Steps'));
    expect(steps.find((row) => row.Step === 'invoices')).toMatchObject({
      'Calls the live run would make': 25,
    });
    expect(steps[0]).not.toHaveProperty('API calls');
  });
});
