import { centsOf, formatCents } from '../../money/index.js';
import { formatDuration } from '../../migration/contracts/shown-figures.js';

// Counts and durations read the same in the report, the details panel and the CLI.
export { formatCount, plural } from '../../migration/contracts/shown-figures.js';

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

/** A duration in minutes as a consultant plans with it: "45 min", "2 h 05 min", "under 1 min". */
export function formatMinutes(minutes: number): string {
  return formatDuration(minutes * 60);
}

/** "2024-04-02T09:41:07.000Z" becomes "2024-04-02 09:41 UTC"; anything else is shown as it is. */
export function formatTimestamp(iso: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?Z$/.exec(iso);
  return match ? `${match[1]} ${match[2]} UTC` : iso;
}
