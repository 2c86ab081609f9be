import type { IsoDate } from '../../ledger/index.js';

/** The order of day, month and year in slash- or dash-separated dates. */
export type DateOrder = 'DMY' | 'MDY' | 'YMD';

/** What a date text says before the date order is known. */
export type DateShape =
  | { kind: 'exact'; iso: IsoDate }
  /** "03/04/2024": `first` and `second` are day and month in an order the text cannot tell. */
  | { kind: 'numeric'; first: number; second: number; year: number }
  /** A bare integer in the range Excel uses for dates (a CSV column formatted as a number). */
  | { kind: 'serial'; serial: number }
  | { kind: 'invalid'; reason: string };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * Reads a date as exports write it: ISO ("2024-01-31", with or without a time), year-first with
 * other separators, day/month or month/day with "/", "-" or "." and two- or four-digit years
 * ("7/16/98", "05-01-15", "31.01.2024"), and month names ("31 Jan 2024", "January 31, 2024").
 */
export function dateShapeOf(text: string): DateShape {
  const trimmed = text.trim();
  const iso = ISO_DATE.exec(trimmed);
  if (iso) return exact(Number(iso[1]), Number(iso[2]), Number(iso[3]), text);
  const value = trimmed.replace(
    /[T ]\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?( ?[AP]M)?(Z|[+-]\d{2}:?\d{2})?$/i,
    '',
  );
  let match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(value);
  if (match) return exact(Number(match[1]), Number(match[2]), Number(match[3]), text);
  match = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (match) return exact(Number(match[1]), Number(match[2]), Number(match[3]), text);
  match = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{4}|\d{2})$/.exec(value);
  if (match) {
    return {
      kind: 'numeric',
      first: Number(match[1]),
      second: Number(match[3]),
      year: fullYear(match[4] ?? ''),
    };
  }
  match = /^(\d{1,2})[-\s]+([A-Za-z]{3,})\.?[-\s,]+(\d{4}|\d{2})$/.exec(value);
  if (match) {
    const month = monthNumber(match[2] ?? '');
    if (month) return exact(fullYear(match[3] ?? ''), month, Number(match[1]), text);
  }
  match = /^([A-Za-z]{3,})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4}|\d{2})$/.exec(value);
  if (match) {
    const month = monthNumber(match[1] ?? '');
    if (month) return exact(fullYear(match[3] ?? ''), month, Number(match[2]), text);
  }
  if (/^\d{4,5}(\.\d+)?$/.test(value)) {
    const serial = Number(value.split('.')[0]);
    if (serial >= 3000 && serial <= 80000) return { kind: 'serial', serial };
  }
  return { kind: 'invalid', reason: `"${text}" is not a date` };
}

/** Which orders a numeric date allows: both when day and month could swap, else the one that fits. */
export function ordersAllowed(shape: { first: number; second: number }): DateOrder[] {
  const orders: DateOrder[] = [];
  if (shape.first <= 31 && shape.second <= 12) orders.push('DMY');
  if (shape.first <= 12 && shape.second <= 31) orders.push('MDY');
  return orders;
}

/** True when the text's day and month could be swapped to give a different valid date. */
export function isAmbiguous(shape: { first: number; second: number }): boolean {
  return shape.first !== shape.second && ordersAllowed(shape).length === 2;
}

/** Resolves a numeric date with a known order, or says why it is not a date in that order. */
export function resolveNumericDate(
  shape: { first: number; second: number; year: number },
  order: DateOrder,
): { ok: true; iso: IsoDate } | { ok: false } {
  const [day, month] = order === 'MDY' ? [shape.second, shape.first] : [shape.first, shape.second];
  const iso = isoOf(shape.year, month, day);
  return iso ? { ok: true, iso } : { ok: false };
}

/** Excel's serial day number (1900 date system, as Excel and LibreOffice write it) as an ISO date. */
export function excelSerialToIso(serial: number): IsoDate | undefined {
  if (!Number.isFinite(serial) || serial < 1 || serial > 2958465) return undefined;
  // Day 0 is 1899-12-30 because Excel counts the non-existent 1900-02-29.
  const epoch = Date.UTC(1899, 11, 30);
  return new Date(epoch + Math.floor(serial) * 86_400_000).toISOString().slice(0, 10);
}

/** The calendar date of a JS Date read from a spreadsheet (ExcelJS builds them at UTC midnight). */
export function isoOfUtcDate(date: Date): IsoDate | undefined {
  if (Number.isNaN(date.getTime())) return undefined;
  return isoOf(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

function exact(year: number, month: number, day: number, text: string): DateShape {
  const iso = isoOf(year, month, day);
  return iso ? { kind: 'exact', iso } : { kind: 'invalid', reason: `"${text}" is not a real date` };
}

/** Two-digit years: 00–69 are 2000–2069, 70–99 are 1970–1999 (the POSIX and QuickBooks pivot). */
function fullYear(digits: string): number {
  const year = Number(digits);
  if (digits.length !== 2) return year;
  return year < 70 ? 2000 + year : 1900 + year;
}

function monthNumber(name: string): number | undefined {
  const index = MONTHS.indexOf(name.slice(0, 3).toLowerCase());
  return index < 0 ? undefined : index + 1;
}

function isoOf(year: number, month: number, day: number): IsoDate | undefined {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return undefined;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  if (day > days) return undefined;
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}
