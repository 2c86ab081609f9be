import type { Problem } from '../../ledger/index.js';
import { problemOf } from '../../ledger/problem-catalog.js';
import { formatLocation } from '../../ledger/index.js';
import { dateFormatNames, type DateOrderState } from './date-order-state.js';

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

/**
 * The one note per file whose every date could be read both ways and was read in the order another
 * file of the folder shows: it names the order assumed and the date that showed it.
 */
export function assumedDateOrderNote(file: string, dates: DateOrderState): Problem | undefined {
  const assumed = dates.assumedRows.get(file);
  const decision = dates.decision(file);
  if (!assumed || decision?.by !== 'folder') return undefined;
  dates.assumedRows.delete(file);
  const rows = assumed.count === 1 ? '1 date was' : `${assumed.count} dates were`;
  return problemOf(
    'date.order-assumed',
    `${file}: no date in it tells day-first from month-first (like "${assumed.first.text}", row ${assumed.first.location.row}), so its ${rows} read as ${dateFormatNames[decision.order]}, the order "${decision.evidence.text}" shows in ${formatLocation(decision.evidence.location)}. If this file was exported with another order, set "dateFormat" in the override file.`,
    { location: assumed.first.location },
  );
}
