import { centsOf, formatCents } from '../../money/index.js';

/** "1234567" becomes "1,234,567": digits grouped in threes from the right. */
function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

/**
 * Formats a money string for reading: "-1234.5" becomes "-1,234.50". Works on the decimal string
 * through integer cents, never a float, so any amount prints exactly. A value that is not a plain
 * decimal is shown as it is rather than failing the whole report.
 */
export function formatMoney(text: string): string {
  let plain: string;
  try {
    plain = formatCents(centsOf(text));
  } catch {
    return text;
  }
  const negative = plain.startsWith('-');
  const [whole = '0', fraction = '00'] = (negative ? plain.slice(1) : plain).split('.');
  return `${negative ? '-' : ''}${groupDigits(whole)}.${fraction}`;
}

/** True when a money string is exactly zero (a difference that is no difference). */
export function isZeroMoney(text: string): boolean {
  try {
    return centsOf(text) === 0n;
  } catch {
    return false;
  }
}

/** Counts (rows, calls) with thousands separators. */
export function formatCount(count: number): string {
  return Number.isInteger(count)
    ? `${count < 0 ? '-' : ''}${groupDigits(String(Math.abs(count)))}`
    : String(count);
}

/** A duration in minutes as a consultant plans with it: "45 min", "2 h 05 min", "under 1 min". */
export function formatMinutes(minutes: number): string {
  if (!Number.isFinite(minutes) || minutes < 0) return 'unknown';
  if (minutes === 0) return '0 min';
  if (minutes < 1) return 'under 1 min';
  // Rounded up: a plan that says 59 minutes for an hour's work is the wrong way to be off.
  const whole = Math.ceil(minutes);
  if (whole < 60) return `${whole} min`;
  const hours = Math.floor(whole / 60);
  return `${formatCount(hours)} h ${String(whole % 60).padStart(2, '0')} min`;
}

/** "1 row" / "3 rows". */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : pluralForm}`;
}

/** "2024-04-02T09:41:07.000Z" becomes "2024-04-02 09:41 UTC"; anything else is shown as it is. */
export function formatTimestamp(iso: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?Z$/.exec(iso);
  return match ? `${match[1]} ${match[2]} UTC` : iso;
}
