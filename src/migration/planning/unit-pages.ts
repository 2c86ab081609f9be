import type { RunStore } from '../../run-store/run-store.js';
import type { UnitRef } from '../contracts/steps.js';
import type { UnitRow } from '../contracts/unit-row.js';
import type { RunScope } from '../contracts/workflow-types.js';
import { scopeKeys } from '../outcomes/run-keys.js';

/**
 * Units stored per run store document. Planning wrote one synced document per unit (19,504 for
 * the medium benchmark company, most of a dry run's planning time, spent waiting for the disk); a
 * page of units is one write and one sync. The same size as a dry run's prediction batch
 * (src/migration/sending/predict-units.ts), so a batch reads one page.
 */
export const UNITS_PER_PAGE = 100;

/**
 * A unit of more rows than this is stored as a document of its own, and its page entry is null. The
 * invoices' tax reclassification is one unit a month with a row per invoice: several such units in
 * one page make one huge document, built and read whole, and the worker's memory jumps as planning
 * writes it (docs/benchmarks.md, "A million records").
 */
export const ROWS_IN_PAGE_AT_MOST = 1_000;

/**
 * A page of consecutive units of one phase: unit `first + i` is `units[i]`, each kept as its own
 * JSON text so a reader parses only the unit it runs and gets rows no other unit shares; null for
 * a unit stored on its own (`ROWS_IN_PAGE_AT_MOST`).
 */
export interface UnitPage {
  first: number;
  units: Array<string | null>;
}

function pageOfUnit(index: number): number {
  return Math.floor(index / UNITS_PER_PAGE);
}

/**
 * The page holding `units` (UnitRow arrays, or null for one stored on its own), the first of which
 * has index `first`.
 */
export function unitPage(first: number, units: ReadonlyArray<readonly UnitRow[] | null>): UnitPage {
  return { first, units: units.map((rows) => (rows === null ? null : JSON.stringify(rows))) };
}

/** Pages recently read, by store location and key: a phase's units run roughly in order. */
const PAGES_KEPT = 16;
const recentPages = new Map<string, Promise<UnitPage | undefined>>();

/**
 * The pages go once no unit has been read for this long: a page holds a hundred units' rows (up
 * to about a megabyte at a batch of 25), and a worker whose runs are all paused should hold none
 * of them, since the run store gives them back (docs/benchmarks.md, "Memory while waiting").
 */
const PAGES_IDLE_MS = 15_000;
let forgetPages: NodeJS.Timeout | undefined;

function keepPagesWhileUsed(): void {
  if (forgetPages) forgetPages.refresh();
  else {
    forgetPages = setTimeout(() => {
      recentPages.clear();
      forgetPages = undefined;
    }, PAGES_IDLE_MS);
    forgetPages.unref();
  }
}

/** Pages never change once written (a retried plan writes the same), so a read can be reused. */
function readPage(store: RunStore, key: string): Promise<UnitPage | undefined> {
  const id = `${store.location}\u0000${key}`;
  keepPagesWhileUsed();
  const known = recentPages.get(id);
  if (known) {
    // Most recently used last, so the oldest is dropped first.
    recentPages.delete(id);
    recentPages.set(id, known);
    return known;
  }
  const read = store.getDocument<UnitPage>(key);
  recentPages.set(id, read);
  // Only pages that exist are kept: a missing one (a plan stored one document per unit) or a
  // failed read is asked again next time.
  read.then(
    (page) => {
      if (!page) recentPages.delete(id);
    },
    () => recentPages.delete(id),
  );
  while (recentPages.size > PAGES_KEPT) {
    const oldest = recentPages.keys().next().value;
    if (oldest === undefined) break;
    recentPages.delete(oldest);
  }
  return read;
}

/**
 * Whether a unit is stored on its own, for having over `ROWS_IN_PAGE_AT_MOST` rows. Its page is
 * read, and kept for the unit's execution to read next; a unit of a phase planned before pages
 * existed is taken as small, as it was then.
 */
export async function isStoredAlone(
  store: RunStore,
  scope: RunScope,
  unit: UnitRef,
): Promise<boolean> {
  const page = await pageOf(store, scope, unit);
  return page?.units[unit.index - page.first] === null;
}

/** The page holding a unit, or undefined for a phase planned before pages existed. */
function pageOf(store: RunStore, scope: RunScope, unit: UnitRef): Promise<UnitPage | undefined> {
  const key = scopeKeys(scope).unitPage(unit.planId, unit.step, unit.phase, pageOfUnit(unit.index));
  return readPage(store, key);
}

/**
 * A planned unit's rows, or undefined if it was never planned. Reads the unit's page; a unit over
 * `ROWS_IN_PAGE_AT_MOST` rows, and every unit of a phase planned before pages existed (a run that
 * began on an earlier build), is a document of its own, which is read instead.
 */
export async function readUnit(
  store: RunStore,
  scope: RunScope,
  unit: UnitRef,
): Promise<{ rows: UnitRow[] } | undefined> {
  const page = await pageOf(store, scope, unit);
  const text = page?.units[unit.index - page.first];
  if (!page || text === null)
    return store.getDocument<{ rows: UnitRow[] }>(scopeKeys(scope).unit(unit));
  return text === undefined ? undefined : { rows: JSON.parse(text) as UnitRow[] };
}
