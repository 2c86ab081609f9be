import { formatCents, parseDecimal, rescale, type Cents } from '../../money/index.js';

/**
 * How a US Xero organisation writes values in its exports. The sample company trades in USD from
 * Illinois, so its organisation locale is en-US: numeric dates are month first.
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function partsOf(iso: string): [string, string, string] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) throw new RangeError(`not an ISO date: ${iso}`);
  return [match[1] ?? '', match[2] ?? '', match[3] ?? ''];
}

/** "2026-01-15" as the CSV exports of a US organisation write it: "01/15/2026". */
export function xeroDate(iso: string): string;
export function xeroDate(iso: string | undefined): string | undefined;
export function xeroDate(iso: string | undefined): string | undefined {
  if (iso === undefined) return undefined;
  const [year, month, day] = partsOf(iso);
  return `${month}/${day}/${year}`;
}

/** "2026-03-31" as a US report title prints it: "March 31, 2026". */
export function reportDate(iso: string): string {
  const [year, month, day] = partsOf(iso);
  return `${MONTHS[Number(month) - 1] ?? month} ${Number(day)}, ${year}`;
}

/** The ISO date `days` after (or before, when negative) `iso`. */
export function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Quantities and unit prices with the four places Xero's document export prints ("3.0000"). */
export function fourPlaces(decimal: string): string {
  const value = parseDecimal(decimal);
  // More places than four would be rounded away: keep them rather than change the line.
  if (value.scale > 4) return decimal;
  const units = rescale(value, 4);
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(5, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -4)}.${digits.slice(-4)}`;
}

/** Report amounts with thousands separators ("12,500.00"); zero is a blank cell, as Xero prints it. */
export function reportAmount(cents: Cents): string {
  if (cents === 0n) return '';
  const [whole = '', fraction = ''] = formatCents(cents).split('.');
  return `${whole.replace(/\B(?=(\d{3})+$)/g, ',')}.${fraction}`;
}

/** "2026-01-05" as a report row prints it: "05 Jan 2026". */
export function reportRowDate(iso: string): string {
  const [year, month, day] = partsOf(iso);
  return `${day} ${(MONTHS[Number(month) - 1] ?? month).slice(0, 3)} ${year}`;
}

/** "2026-01-01" as a report's period line prints it: "1 January 2026". */
export function periodDate(iso: string): string {
  const [year, month, day] = partsOf(iso);
  return `${Number(day)} ${MONTHS[Number(month) - 1] ?? month} ${year}`;
}

/**
 * Amounts as the Account Transactions report prints them: thousands separators, negatives in
 * parentheses, zero as "0.00".
 */
export function ledgerAmount(cents: Cents): string {
  const negative = cents < 0n;
  const [whole = '', fraction = ''] = formatCents(negative ? -cents : cents).split('.');
  const text = `${whole.replace(/\B(?=(\d{3})+$)/g, ',')}.${fraction}`;
  return negative ? `(${text})` : text;
}
