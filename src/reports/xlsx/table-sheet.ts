import type ExcelJS from 'exceljs';
import { cleanText, moneyValue } from './cell-values.js';
import { ROWS_PER_LOOK, zipCaughtUp } from './zip-backpressure.js';

/** A cell: text, a count, or money (a decimal string, written exactly; see `moneyValue`). */
export type SheetValue = string | number | { money: string } | undefined;

export interface SheetColumn<T> {
  header: string;
  value: (row: T) => SheetValue;
}

/** Money shows with thousands separators and two places; negatives with a minus sign. */
export const MONEY_FORMAT = '#,##0.00';

/** Above exceljs's default of 9, which it leaves out of the file (Excel then shows 8.43). */
const MIN_WIDTH = 10;
const MAX_WIDTH = 60;

/**
 * The styles of the table's cells, one object for each kind of cell and shared by all of them.
 * exceljs gives every cell a style object of its own, and works out the style of each object it
 * has not seen before (rendering it to XML to find its twin): for a sheet of half a million rows,
 * a fifth of the time the workbook took. An object it has seen costs a lookup. Never changed.
 */
const PLAIN_STYLE: Partial<ExcelJS.Style> = Object.freeze({});
const MONEY_STYLE: Partial<ExcelJS.Style> = Object.freeze({ numFmt: MONEY_FORMAT });
const RIGHT_ALIGNED_STYLE: Partial<ExcelJS.Style> = Object.freeze({
  alignment: Object.freeze({ horizontal: 'right' }),
});

function cellValue(value: SheetValue): string | number | null {
  if (value === undefined) return null;
  if (typeof value === 'number') return value;
  // An empty string is a blank cell: written as such, not as an empty text value.
  if (typeof value === 'string') return value === '' ? null : cleanText(value);
  return moneyValue(value.money);
}

/** Widths from the longest value (money as displayed, with separators), within readable bounds. */
function widthOf(value: string | number | null, isMoney: boolean): number {
  if (value === null) return 0;
  const text = String(value);
  return isMoney ? text.length + Math.floor(text.length / 3) + 1 : text.length;
}

/**
 * Writes one list as a sheet: bold header row, frozen so it stays while scrolling, an autofilter
 * over every column, and widths that fit the content. Rows are committed as they are written (the
 * workbook is a streaming writer), so a sheet of many thousands of rows is not held in memory twice;
 * that is also why widths come from a first pass over the rows. Rows given as a function are read
 * twice through it and never held at all (the ID map of a large company; the problems, read from
 * the run store as they are written).
 */
export async function writeTableSheet<T>(
  workbook: ExcelJS.Workbook,
  name: string,
  columns: readonly SheetColumn<T>[],
  rows: readonly T[] | (() => Iterable<T> | AsyncIterable<T>),
  options: { autoFilter?: boolean; totals?: readonly SheetValue[] } = {},
): Promise<void> {
  const pass = typeof rows === 'function' ? rows : () => rows;
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  const widths = columns.map((column) => column.header.length);
  let count = 0;
  for await (const row of pass()) {
    count += 1;
    columns.forEach((column, index) => {
      const raw = column.value(row);
      widths[index] = Math.max(
        widths[index] ?? 0,
        widthOf(cellValue(raw), typeof raw === 'object'),
      );
    });
  }
  sheet.columns = columns.map((column, index) => ({
    header: column.header,
    width: Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, (widths[index] ?? 0) + 2)),
  }));
  const header = sheet.getRow(1);
  // Cell by cell: a row style would shade the whole row, far past the table's last column.
  columns.forEach((_, index) => {
    const cell = header.getCell(index + 1);
    cell.font = { bold: true };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE9EEF3' } };
  });
  header.commit();
  let written = 0;
  for await (const source of pass()) {
    const raws = columns.map((column) => column.value(source));
    const row = sheet.addRow(raws.map(cellValue));
    raws.forEach((raw, index) => {
      const cell = row.getCell(index + 1);
      if (typeof raw !== 'object') cell.style = PLAIN_STYLE;
      // Amounts too large to be exact as numbers are text: keep them right-aligned like the rest.
      else cell.style = typeof cell.value === 'number' ? MONEY_STYLE : RIGHT_ALIGNED_STYLE;
    });
    row.commit();
    written += 1;
    if (written % ROWS_PER_LOOK === 0) await zipCaughtUp(sheet);
  }
  if (options.totals) writeTotalsRow(sheet, options.totals);
  if (options.autoFilter !== false) {
    sheet.autoFilter = {
      from: { row: 1, column: 1 },
      to: { row: count + 1, column: columns.length },
    };
  }
  sheet.commit();
}

/**
 * A bold row under the table, outside its filter range (filtering the rows leaves the totals of
 * all of them, as the label says). Money cells keep the money format.
 */
function writeTotalsRow(sheet: ExcelJS.Worksheet, totals: readonly SheetValue[]): void {
  const row = sheet.addRow(totals.map(cellValue));
  totals.forEach((raw, index) => {
    const cell = row.getCell(index + 1);
    cell.font = { bold: true };
    cell.border = { top: { style: 'thin' } };
    if (typeof raw === 'object' && typeof cell.value === 'number') cell.numFmt = MONEY_FORMAT;
  });
  row.commit();
}
