import { cellText, isBlankCell, type RawRow } from '../cell.js';

const WEEKDAY = '(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)';
/**
 * The time a report was run, as QuickBooks Online writes it under its report and list exports
 * ("Friday, November 27, 2026 03:31 AM GMT-08:00"), optionally after the report's basis
 * ("Accrual basis Friday, ...").
 */
const PRINTED_AT = new RegExp(
  `^(?:(?:cash|accrual) basis\\s+)?${WEEKDAY},\\s+[a-z]+\\s+\\d{1,2},\\s+\\d{4}\\s+\\d{1,2}:\\d{2}(?::\\d{2})?\\s*[ap]m(?:\\s+(?:gmt|utc)\\s*[+-]\\d{1,2}(?::?\\d{2})?)?$`,
  'i',
);

/**
 * True when the row is a report's footer: all it holds is the date and time the report was run, in
 * one cell, or cut at its commas into several when the exporter left it unquoted. Such a row is
 * never data (read as data it became a vendor, a customer job and an account).
 */
export function isReportFooter(row: RawRow): boolean {
  const first = row.cells.findIndex((cell) => !isBlankCell(cell));
  if (first < 0) return false;
  const cells = row.cells.slice(first);
  while (cells.length > 0 && isBlankCell(cells.at(-1))) cells.pop();
  if (cells.some(isBlankCell)) return false;
  return PRINTED_AT.test(cells.map((cell) => cellText(cell).trim()).join(', '));
}
