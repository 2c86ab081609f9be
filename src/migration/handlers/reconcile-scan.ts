import { CLOCK_SKEW_MARGIN_MS, pageEndsScan } from '../../partner-api/newest-first.js';
import type { Page } from '../contracts/migration-api.js';
import type { UnitContext, Reconciled } from '../engine/phase-handler.js';
import type { UnitRow } from '../contracts/unit-row.js';
import type { RowOutcome } from '../outcomes/row-outcome.js';

/**
 * Reconciles rows against one page of a newest-first listing. Each workspace record can be claimed
 * by one row only, and only if the attempt may have created it (mayBeFromAttempt). The scan stops early once a whole page predates the attempt, but only while
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
      (candidate) =>
        !claimed.has(candidate.id) &&
        mayBeFromAttempt(context, candidate) &&
        matches(row, candidate),
    );
    if (!record) continue;
    claimed.add(record.id);
    matched.push(matchedOutcome(row, record));
  }
  return { matched, nextPage: nextPageOf(context, page) };
}

/**
 * matchPage for records a create step writes: a matched row is the listed record, found again on
 * reconciliation.
 */
export function matchCreated<T extends { id: string; createdAt?: string | undefined }, D>(
  build: { matched(row: UnitRow, id: string, code: string, unit?: string): RowOutcome },
  context: UnitContext,
  rows: Array<UnitRow<D>>,
  page: Page<T>,
  matches: (row: UnitRow<D>, record: T) => boolean,
): Reconciled {
  return matchPage(context, rows, page, matches, (row, record) =>
    build.matched(row, record.id, 'reconciled', context.unitId),
  );
}

/**
 * Whether a listed record may be what the unit's attempt created. A name (or a number) alone does
 * not say so: a workspace holding two customers named "Acme" would otherwise hand an attempt that
 * was never applied one of them, and an undo would later deactivate it. So the record must not be
 * in the run's pre-run snapshot, and must have been created no earlier than the attempt's first
 * send (stored in the run store before the call) less CLOCK_SKEW_MARGIN_MS: the API stamps
 * `createdAt` with its clock, the attempt is stamped with the worker's, and the API refuses
 * signatures more than 300 s off its clock, so ten minutes keeps a record the attempt did create
 * claimable (the same margin bounds the scan's early stop). A record without a known creation time
 * is judged by the snapshot alone.
 */
function mayBeFromAttempt(
  context: Pick<UnitContext, 'attemptStartedAt' | 'preRunIds'>,
  record: { id: string; createdAt?: string | undefined },
): boolean {
  if (context.preRunIds?.has(record.id)) return false;
  if (!context.attemptStartedAt || !record.createdAt) return true;
  const created = Date.parse(record.createdAt);
  const attempted = Date.parse(context.attemptStartedAt);
  if (Number.isNaN(created) || Number.isNaN(attempted)) return true;
  return created >= attempted - CLOCK_SKEW_MARGIN_MS;
}

/**
 * Reconciles a unit written as one journal entry against one page of the journal-entry listing: the
 * entry whose memo carries the unit's Ledgerlift reference `ref` is every row's record.
 */
export function matchEntryByRef<D>(
  context: UnitContext,
  rows: Array<UnitRow<D>>,
  page: Page<{ id: string; memo: string; createdAt?: string | undefined }>,
  ref: string,
  matchedOutcome: (row: UnitRow<D>, entryId: string) => RowOutcome,
): Reconciled {
  const entry = page.records.find((record) => record.memo.includes(ref));
  if (entry) return { matched: rows.map((row) => matchedOutcome(row, entry.id)), nextPage: null };
  return { matched: [], nextPage: nextPageOf(context, page) };
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
