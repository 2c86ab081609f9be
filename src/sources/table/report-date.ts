import type { IsoDate } from '../../ledger/index.js';
import { dateShapeOf } from '../values/parse-date.js';

/** The as-of date printed in a report's title rows ("As at 31 January 2024", "As of Jan 31, 2024"). */
export function reportDate(titleLines: readonly string[]): IsoDate | undefined {
  for (const line of titleLines) {
    // "As at 31 January 2024" (Xero), "As of December 31, 2023" (QuickBooks Online), or a line that
    // is only a date ("Dec 31, 23", QuickBooks Desktop).
    const match = /\bas (?:at|of)\s+(.+?)\s*$/i.exec(line);
    const shape = dateShapeOf(match ? (match[1] ?? '') : line);
    if (shape.kind === 'exact') return shape.iso;
  }
  return undefined;
}

/**
 * A title row without the stamp QuickBooks Desktop prints left of a report's title, date range and
 * company when the report header is exported into the sheet ("10:34 AM", "02/01/26", "Accrual
 * Basis"), so that "02/01/26 Journal" is the Journal's title.
 */
export function titleText(line: string): string {
  return line
    .trim()
    .replace(/^(?:\d{1,2}:\d{2}\s*[AP]M|\d{1,2}\/\d{1,2}\/\d{2,4}|(?:accrual|cash) basis)\s+/i, '');
}

/** True when the title rows name a trial balance report ("Trial Balance", Xero and QuickBooks). */
export function titlesTrialBalance(titleLines: readonly string[]): boolean {
  return titleLines.some((line) => /\btrial\s+balance\b/i.test(line));
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "31 Dec 2020": a date as a consultant reads it in a message, whatever their date order. */
export function spokenDate(date: IsoDate): string {
  const [year, month, day] = date.split('-').map(Number);
  return `${day ?? ''} ${MONTHS[(month ?? 1) - 1] ?? ''} ${year ?? ''}`;
}
