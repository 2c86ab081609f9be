import type { IsoDate } from './primitives.js';

/**
 * The ISO date `days` days after `date` (negative: before). The cutover's day before, the opening
 * balance's date, is the reason this exists: the cutover is the first day in the workspace.
 */
export function addDays(date: IsoDate, days: number): IsoDate {
  const [year, month, day] = date.split('-').map(Number);
  const moved = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, (day ?? 1) + days));
  return moved.toISOString().slice(0, 10);
}
