// Pure: safe in workflow code. The figures a consultant reads, formatted once for the report, the
// Web UI's details panel and the CLI alike, so one figure never reads two ways.

/** "1234567" becomes "1,234,567": digits grouped in threes from the right. */
function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

/**
 * A count or a rate for reading: "1,234", "99", "2.5". A fraction is shown to one decimal at most,
 * so a pace computed as 99.00000000000001 reads 99.
 */
export function formatCount(count: number): string {
  if (!Number.isFinite(count)) return 'unknown';
  const tenths = Math.round(Math.abs(count) * 10);
  const whole = Math.floor(tenths / 10);
  const fraction = tenths % 10;
  const sign = count < 0 && tenths > 0 ? '-' : '';
  return `${sign}${groupDigits(String(whole))}${fraction > 0 ? `.${fraction}` : ''}`;
}

/** "1 row" / "3 rows" / "1,200 rows". */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : pluralForm}`;
}

/**
 * A duration as a consultant plans with it: "under 1 min", "45 min", "2 h 05 min". Whole minutes,
 * rounded up: a plan that says 59 minutes for an hour's work is the wrong way to be off.
 */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return 'unknown';
  if (seconds === 0) return '0 min';
  if (seconds < 60) return 'under 1 min';
  const whole = Math.ceil(seconds / 60);
  if (whole < 60) return `${whole} min`;
  const hours = Math.floor(whole / 60);
  return `${formatCount(hours)} h ${String(whole % 60).padStart(2, '0')} min`;
}

/** "about 45 min", or "under 1 min" (never "about under 1 min"). */
export function aboutDuration(seconds: number): string {
  const text = formatDuration(seconds);
  return seconds < 60 ? text : `about ${text}`;
}
