import type { Problem } from '../../ledger/index.js';
import { problemOf } from '../../ledger/problem-catalog.js';
import { formatLocation } from '../../ledger/index.js';
import { spokenDate } from '../table/report-date.js';
import { dateShapeOf, resolveNumericDate } from '../values/parse-date.js';
import { dateFormatNames, type DateEvidence, type DateOrderState } from './date-order-state.js';

/** `"08/01/2026" reads as 8 Jan 2026 (DD/MM/YYYY) or 1 Aug 2026 (MM/DD/YYYY)`: both readings. */
function bothReadings(text: string): string {
  const shape = dateShapeOf(text);
  if (shape.kind !== 'numeric') return `"${text}"`;
  const readings = (['DMY', 'MDY'] as const).flatMap((order) => {
    const resolved = resolveNumericDate(shape, order);
    return resolved.ok ? [`${spokenDate(resolved.iso)} (${dateFormatNames[order]})`] : [];
  });
  return `"${text}" reads as ${readings.join(' or ')}`;
}

function where(evidence: DateEvidence): string {
  return `"${evidence.text}" (${formatLocation(evidence.location)})`;
}

/** The one problem per file for rows left unread because no date tells day-first from month-first. */
export function ambiguousDateProblem(file: string, dates: DateOrderState): Problem | undefined {
  const unread = dates.unreadRows.get(file);
  if (!unread) return undefined;
  dates.unreadRows.delete(file);
  const rows = unread.count === 1 ? '1 row has a date' : `${unread.count} rows have dates`;
  const disagreement = dates.folderDisagreement();
  const why = disagreement
    ? `no date in this file fits only one order, and the other files disagree (${where(disagreement.dayFirst)} is day-first only, ${where(disagreement.monthFirst)} month-first only)`
    : 'no date in the export fits only one order';
  return problemOf(
    'date.ambiguous-format',
    `${file}: ${rows} like ${bothReadings(unread.first.text)} (row ${unread.first.location.row}, column "${unread.first.location.column ?? ''}"), and ${why}, so ${unread.count === 1 ? 'it was' : 'they were'} not read. Set "dateFormat" to "DD/MM/YYYY" or "MM/DD/YYYY" in the override file.`,
    { location: unread.first.location },
  );
}

/**
 * The one problem per file whose own dates disagree: some fit only day-first, others only
 * month-first. It names one of each, and how many rows with dates both orders allow were left
 * unread for want of an order.
 */
export function dateOrderConflict(file: string, dates: DateOrderState): Problem | undefined {
  const decision = dates.decision(file);
  if (decision?.by !== 'conflict' || !dates.takeConflict(file)) return undefined;
  const unread = dates.conflictRows.get(file);
  dates.conflictRows.delete(file);
  const { dayFirst, monthFirst } = decision;
  const firstSeen = dayFirst.location.row <= monthFirst.location.row ? dayFirst : monthFirst;
  const unreadText = unread
    ? ` ${unread.count === 1 ? '1 row' : `${unread.count} rows`} with dates both orders allow, like ${bothReadings(unread.first.text)} (row ${unread.first.location.row}), ${unread.count === 1 ? 'was' : 'were'} not read.`
    : '';
  return problemOf(
    'date.order-conflict',
    `${file}: its dates disagree on the order of day and month: ${where(dayFirst)} is only a date day-first (DD/MM/YYYY), ${where(monthFirst)} only month-first (MM/DD/YYYY).${unreadText} Check the dates of this file, then set "dateFormat" to "DD/MM/YYYY" or "MM/DD/YYYY" in the override file; dates that do not fit it are then reported one by one.`,
    { location: firstSeen.location },
  );
}

/**
 * The one note per file whose every date could be read both ways and was read in the order the
 * other files of the folder show: it names the order assumed and the date that showed it.
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
