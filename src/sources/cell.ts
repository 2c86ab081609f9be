import { isoOfUtcDate } from './values/parse-date.js';
import { numberToDecimalText } from './values/number-text.js';

/**
 * A cell that cannot be read as a value, such as a formula without a saved result the reader
 * cannot evaluate. It travels to the
 * mapping like any cell, so a problem is reported only when a column the mapping uses holds one.
 */
export class UnreadableCell {
  constructor(
    readonly code:
      | 'xlsx.formula-without-result'
      | 'xlsx.formula-unsupported'
      | 'xlsx.formula-unresolved'
      | 'xlsx.formula-result-differs'
      | 'xlsx.error-value'
      | 'xlsx.date-1900-02-29',
    readonly description: string,
    /** What the consultant should do, when the code alone does not say. */
    readonly advice?: string,
  ) {}
}

/** One cell as read: CSV and IIF give text; XLSX gives typed values. */
export type CellValue = string | number | boolean | Date | UnreadableCell | undefined;

/** One physical row of a file. `row` is 1-based and counts every line, title rows included. */
export interface RawRow {
  row: number;
  cells: readonly CellValue[];
  /** The last line of a CSV row that runs over several lines (a quoted value with line breaks). */
  lastRow?: number;
}

/** A cell as the consultant sees it, for headers, text fields and messages. */
export function cellText(cell: CellValue): string {
  if (cell === undefined) return '';
  if (typeof cell === 'string') return cell.trim();
  if (typeof cell === 'number') return numberToDecimalText(cell);
  if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE';
  if (cell instanceof Date) return isoOfUtcDate(cell) ?? '';
  return '';
}

/** True for a cell with nothing in it (whitespace counts as nothing). */
export function isBlankCell(cell: CellValue): boolean {
  return cell === undefined || (typeof cell === 'string' && cell.trim() === '');
}
