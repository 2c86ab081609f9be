import { centsOf, formatCents } from '../../money/index.js';

/**
 * Largest amount written as a number: 15 significant digits (cents) always survive a round trip
 * through a double, so the cell shows and holds exactly the report's string.
 */
const LARGEST_EXACT_CENTS = 10n ** 15n - 1n;

/**
 * A money string as a spreadsheet value. Excel stores numbers as doubles; a two-place decimal of at
 * most 15 digits converts to the double nearest to it and back to the same digits, so the cell is
 * exact and sums, filters and sorts work. Nothing is computed on the double. Larger amounts (and
 * any value that is not a plain decimal) are written as text, exact but not summable.
 */
export function moneyValue(text: string): number | string {
  let cents: bigint;
  try {
    cents = centsOf(text);
  } catch {
    return cleanText(text);
  }
  const magnitude = cents < 0n ? -cents : cents;
  // The one place money becomes a double: the canonical two-place string, for display only.
  return magnitude <= LARGEST_EXACT_CENTS ? Number(formatCents(cents)) : formatCents(cents);
}

/** Excel's limit for one cell's text. */
const MAX_CELL_TEXT = 32_767;

/**
 * Text as a cell value: characters XML 1.0 cannot carry (control characters a legacy export may
 * contain) would make the workbook unreadable, so they become U+FFFD; over-long text is cut.
 * exceljs writes a string as a string, never as a formula, so "=HYPERLINK(...)" stays inert.
 */
export function cleanText(text: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '\uFFFD');
  return clean.length > MAX_CELL_TEXT ? `${clean.slice(0, MAX_CELL_TEXT - 1)}…` : clean;
}
