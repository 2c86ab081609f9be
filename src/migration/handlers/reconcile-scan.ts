import { pageEndsScan } from '../../partner-api/newest-first.js';
import type { Page } from '../contracts/migration-api.js';
import type { UnitContext, Reconciled } from '../engine/phase-handler.js';
import type { UnitRow } from '../contracts/unit-row.js';
import type { RowOutcome } from '../engine/row-outcome.js';

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
  if (!context.attemptStartedAt || page.records.length === 0) return false;
  const times = page.records.map((record) =>
    record.createdAt ? Date.parse(record.createdAt) : undefined,
  );
  return pageEndsScan(times, Date.parse(context.attemptStartedAt));
}
