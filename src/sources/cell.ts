import { isoOfUtcDate } from './values/parse-date.js';

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

/**
 * The decimal text of a number read from a spreadsheet cell. XLSX stores numbers as doubles and Excel
 * shows at most 15 significant digits, so reading at 15 digits returns what the consultant sees
 * ("0.30000000000000004" → "0.3") without ever doing arithmetic on the float.
 */
export function numberToDecimalText(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (value === 0) return '0';
  const [mantissa = '0', exponentText = '0'] = value.toPrecision(15).split('e');
  const exponent = Number(exponentText);
  const negative = mantissa.startsWith('-');
  const [whole = '0', fraction = ''] = mantissa.replace('-', '').split('.');
  let digits = whole + fraction;
  let point = whole.length + exponent;
  if (point <= 0) {
    digits = '0'.repeat(1 - point) + digits;
    point = 1;
  } else if (point > digits.length) {
    digits = digits + '0'.repeat(point - digits.length);
  }
  let integer = digits.slice(0, point).replace(/^0+(?=\d)/, '');
  const decimals = digits.slice(point).replace(/0+$/, '');
  if (integer === '') integer = '0';
  const text = decimals === '' ? integer : `${integer}.${decimals}`;
  return negative && text !== '0' ? `-${text}` : text;
}
