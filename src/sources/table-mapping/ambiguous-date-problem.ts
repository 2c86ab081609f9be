import type { Problem } from '../../ledger/index.js';
import { problemOf } from '../../ledger/problem-catalog.js';
import type { DateOrderState } from './date-order-state.js';

/** The one problem per file for rows left unread because no date tells day-first from month-first. */
export function ambiguousDateProblem(file: string, dates: DateOrderState): Problem | undefined {
  const unread = dates.unreadRows.get(file);
  if (!unread) return undefined;
  dates.unreadRows.delete(file);
  const rows = unread.count === 1 ? '1 row has a date' : `${unread.count} rows have dates`;
  return problemOf(
    'date.ambiguous-format',
    `${file}: ${rows} like "${unread.first.text}" (row ${unread.first.location.row}, column "${unread.first.location.column ?? ''}") that could be day-first or month-first, and no date in the export settles it, so ${unread.count === 1 ? 'it was' : 'they were'} not read. Set "dateFormat" to "DD/MM/YYYY" or "MM/DD/YYYY" in the override file.`,
    { location: unread.first.location },
  );
}
