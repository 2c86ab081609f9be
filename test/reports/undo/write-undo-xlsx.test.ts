import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UndoReport } from '../../../src/reports/undo/undo-report-data.js';
import { undoSheetNames, writeUndoXlsx } from '../../../src/reports/undo/write-undo-xlsx.js';
import { MONEY_FORMAT } from '../../../src/reports/xlsx/table-sheet.js';
import { needsReviewVerification, sampleUndoReport } from './sample-undo-report.js';

let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'ledgerlift-undo-xlsx-'));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

let written = 0;
async function roundTrip(report: UndoReport): Promise<ExcelJS.Workbook> {
  written += 1;
  const file = path.join(folder, `undo-${written}.xlsx`);
  await writeUndoXlsx(report, file);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  return workbook;
}

function sheet(workbook: ExcelJS.Workbook, name: string): ExcelJS.Worksheet {
  const found = workbook.getWorksheet(name);
  if (!found) throw new Error(`no sheet ${name}`);
  return found;
}

/** Every row of a sheet, header first, as plain values. */
function rowsOf(worksheet: ExcelJS.Worksheet): ExcelJS.CellValue[][] {
  const rows: ExcelJS.CellValue[][] = [];
  worksheet.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
  return rows;
}

/** The Summary sheet as item → value. */
function summaryOf(workbook: ExcelJS.Workbook): Map<string, ExcelJS.CellValue> {
  return new Map(
    rowsOf(sheet(workbook, 'Summary')).map(([item, value]) => [item as string, value]),
  );
}

describe('the undo report workbook', () => {
  it('has the sheets in order, each with a bold frozen header, as the migration workbook', async () => {
    const workbook = await roundTrip(sampleUndoReport('needs-review'));
    expect(workbook.worksheets.map((worksheet) => worksheet.name)).toEqual([...undoSheetNames]);
    for (const name of undoSheetNames) {
      const worksheet = sheet(workbook, name);
      expect(worksheet.getRow(1).getCell(1).font?.bold, name).toBe(true);
      expect(worksheet.views[0]?.state, name).toBe('frozen');
    }
  });

  it('words a dry run as predicted: calls it would make, minutes at the rate limit', async () => {
    const workbook = await roundTrip(sampleUndoReport('dry-run'));
    const summary = summaryOf(workbook);
    expect(summary.get('Mode')).toBe('DRY RUN (nothing was reversed)');
    expect(summary.get('Status')).toBe('Dry run complete');
    expect(summary.get('API calls the live undo would make')).toBe(47);
    expect(summary.get('Predicted minutes at the rate limit')).toBe(0.8);
    expect(summary.get('Rate limit (requests per minute)')).toBe(60);
    // Calls are predicted, never made (the sheet guide names the "Made inactive" sheet, no calls).
    const facts = [...summary.keys()].filter((item) => !item.startsWith('Sheet'));
    expect(facts.filter((item) => /made/i.test(item))).toEqual([]);
    expect(rowsOf(sheet(workbook, 'Plan')).slice(0, 2)).toEqual([
      ['Phase', 'What it does', 'Step', 'Records it would reverse', 'Calls it would make'],
      ['undo-unassign', 'Unassign payments and credits', 'payments', 12, 12],
    ]);
    expect(rowsOf(sheet(workbook, 'Plan')).at(-1)).toEqual(['Total', undefined, undefined, 47, 47]);
    expect(rowsOf(sheet(workbook, 'Not reversed'))[1]).toEqual([
      'invoices',
      'invoice-attachment',
      'INV-1007/receipt.pdf',
      '0190c7a2-0000-7000-8000-00000000aa01',
      'undo does not reverse invoice-attachment records (invoices/attach): correct it by hand',
    ]);
  });

  it('holds a live undo’s differences as exact money cells, with the cause', async () => {
    const workbook = await roundTrip(sampleUndoReport('needs-review'));
    const summary = summaryOf(workbook);
    expect(summary.get('Status')).toBe('Needs review');
    expect(summary.get('API calls made')).toBe(48);
    expect(summary.get('Books verified')).toBe('No: needs review');
    const differences = sheet(workbook, 'Differences');
    const rows = rowsOf(differences);
    expect(rows[0]).toEqual(['Account', 'Before the run', 'Now', 'Difference', 'Probable cause']);
    expect(rows[2]?.slice(0, 4)).toEqual(['4000 Sales', -98250.75, -99490.75, -1240]);
    expect(rows[2]?.[4]).toContain("The account's balance is 1,240.00 lower");
    expect(differences.getRow(3).getCell(4).numFmt).toBe(MONEY_FORMAT);
    expect(rowsOf(sheet(workbook, 'Not reversed'))[1]?.[4]).toBe(
      'VALIDATION_ERROR: the invoice is in a closed period (2024-03)',
    );
    expect(rowsOf(sheet(workbook, 'Made inactive'))[1]?.slice(2, 5)).toEqual([
      '6150 Coffee supplies',
      '0190c7a2-0000-7000-8000-00000000c615',
      'ACCOUNT_HAS_ACTIVITY: the account has postings in a closed period',
    ]);
  });

  it('lists the settings a verified undo kept on their own sheet', async () => {
    const workbook = await roundTrip(sampleUndoReport('verified'));
    expect(rowsOf(sheet(workbook, 'Not reversed'))).toHaveLength(1);
    expect(rowsOf(sheet(workbook, 'Settings kept'))[1]?.slice(4, 5)).toEqual([
      'the cutover date stays set: the API has no call that clears it',
    ]);
  });

  it('keeps amounts too large for a double exact, as text', async () => {
    const workbook = await roundTrip(
      sampleUndoReport('needs-review', {
        verification: {
          ...needsReviewVerification,
          differences: [{ account: 'Suspense', before: '0.01', after: '90071992547409.93' }],
        },
      }),
    );
    expect(rowsOf(sheet(workbook, 'Differences'))[1]?.slice(1, 4)).toEqual([
      0.01,
      '90071992547409.93',
      '90071992547409.92',
    ]);
  });
});
