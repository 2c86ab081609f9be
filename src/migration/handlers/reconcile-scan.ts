import type { Page } from '../contracts/migration-api.js';
import type { UnitContext, Reconciled } from '../engine/phase-handler.js';
import type { UnitRow } from '../contracts/unit-row.js';
import type { RowOutcome } from '../engine/row-outcome.js';

/** Records older than the attempt by more than this cannot be what it created (clock skew margin). */
const SKEW_MARGIN_MS = 10 * 60_000;

/**
 * Reconciles rows against one page of a newest-first listing. Each workspace record can be claimed
 * by one row only. The scan stops early once a whole page predates the attempt, but only while
 * the pages are seen to be sorted newest first, so correctness never rests on the sort order.
 */
export function matchPage<T extends { id: string; createdAt?: string | undefined }, D>(
  context: UnitContext,
  rows: Array<UnitRow<D>>,
  page: Page<T>,
  matches: (row: UnitRow<D>, record: T) => boolean,
  matchedOutcome: (row: UnitRow<D>, record: T) => RowOutcome,
): Reconciled {
  const claimed = new Set<string>();
  const matched: RowOutcome[] = [];
  for (const row of rows) {
    const record = page.records.find(
      (candidate) => !claimed.has(candidate.id) && matches(row, candidate),
    );
    if (!record) continue;
    claimed.add(record.id);
    matched.push(matchedOutcome(row, record));
  }
  return { matched, nextPage: nextPageOf(context, page) };
}

/** The next page worth reading after `page`, or null when the scan can stop. */
export function nextPageOf(
  context: UnitContext,
  page: Page<{ createdAt?: string | undefined }>,
): number | null {
  return page.page < page.totalPages && !pageIsOlderThanAttempt(context, page)
    ? page.page + 1
    : null;
}

function pageIsOlderThanAttempt(
  context: UnitContext,
  page: Page<{ createdAt?: string | undefined }>,
): boolean {
  if (!context.attemptStartedAt) return false;
  const times = page.records.map((record) =>
    record.createdAt ? Date.parse(record.createdAt) : NaN,
  );
  if (times.length === 0 || times.some(Number.isNaN)) return false;
  const sortedNewestFirst = times.every((time, i) => i === 0 || time <= (times[i - 1] as number));
  const newest = times[0] as number;
  return sortedNewestFirst && newest < Date.parse(context.attemptStartedAt) - SKEW_MARGIN_MS;
}
