import type { IsoDate, Problem, SourceLocation } from '../../src/ledger/index.js';
import { addDays } from '../../src/ledger/iso-dates.js';
import { problemOf, type ProblemCode } from '../../src/ledger/problem-catalog.js';
import type { Cents } from '../../src/money/index.js';
import type { MappingContext } from '../../src/sources/table-mapping/mapping-context.js';
import { money } from '../../src/validation/record-check.js';
import { carriedKinds } from './activity/activity-records.js';
import type { TransactionKind } from './activity/reported-transaction.js';

/**
 * What a consultant exports from a legacy system, per format: the files of its screens, each with
 * its menu path and the dates to set, for a cutover C and an end date E. `ledgerlift template
 * --format` prints it, docs/mappings.md lists it, and a format's reader names from it the export
 * that is missing for what it cannot do (export.* problems). Each format's list lives beside its
 * mapping (mappings/<format>/export-checklist.ts); mappings/read-ledger.ts keys them by format.
 */

/**
 * When an export is taken: a list as it stands (`listing`), a report as at C−1 (`opening`), the
 * documents open at C−1 or dated C to E (`documents`), a report for C to E (`activity`), a report
 * as at E (`closing`).
 */
export type ExportPeriod = 'listing' | 'opening' | 'documents' | 'activity' | 'closing';

/** Whether a consultant must export it: always, only when the books hold what it carries, or not. */
export type ExportNeed = 'required' | 'optional' | { requiredIf: string };

/** One file a consultant exports from the legacy system. */
export interface ExportItem {
  /** How the format's reader refers to it ("activity", "closing-trial-balance"). */
  id: string;
  /** The report or list as the system names it. */
  name: string;
  /** Another export read in its place ("Open Invoices"). */
  orInstead?: string;
  period: ExportPeriod;
  /** Where it is in the system's menus. */
  menuPath: string;
  /**
   * Where the menu path comes from, when not from the vendor's own help ("menu path as documented
   * by …"): printed in parentheses wherever the path is shown.
   */
  menuPathNote?: string;
  /** What to choose on the way: accounts, options, the file type. */
  choose: string;
  /** The file name a list is found by; reports are found by their title, whatever the name. */
  fileName?: string;
  /** What Ledgerlift reads it for. */
  usedFor: string;
  need: ExportNeed;
  /** Whether its reader was built on a file the system wrote, or on a guess; and where that is said. */
  layout: { trust: 'real' | 'guessed'; evidence: string };
}

/** A format's checklist: the files its system's screens export, in the order to export them. */
export interface FormatChecklist {
  /** The legacy system, as consultants call it. */
  system: string;
  items: readonly ExportItem[];
  /** What else to know: other ways in, navigation variants. */
  notes: readonly string[];
}

/** The migration's dates, when known; without them the checklist says what they are. */
export interface MigrationDates {
  cutover?: IsoDate | undefined;
  end?: IsoDate | undefined;
}

/** The item of a checklist the reader refers to by id (a mistyped id is a programming error). */
export function exportItem(checklist: FormatChecklist, id: string): ExportItem {
  const item = checklist.items.find((candidate) => candidate.id === id);
  if (!item) throw new Error(`The ${checklist.system} checklist has no "${id}".`);
  return item;
}

/** The dates to set for an export ("as at 2020-09-30", "for 2020-10-01 to 2021-01-31"). */
export function exportDates(period: ExportPeriod, dates: MigrationDates): string {
  const opening = dates.cutover ? addDays(dates.cutover, -1) : 'the day before the cutover';
  const cutover = dates.cutover ?? 'the cutover';
  const end = dates.end ?? 'the end date';
  switch (period) {
    case 'listing':
      return 'as it stands when exported';
    case 'opening':
      return `as at ${opening}`;
    case 'documents':
      return `open at ${opening} or dated ${cutover} to ${end}`;
    case 'activity':
      return `for ${cutover} to ${end}`;
    case 'closing':
      return `as at ${end}`;
  }
}

/** The menu path, with where it comes from when not the vendor's own help. */
export function menuPathText(item: ExportItem): string {
  return item.menuPathNote === undefined
    ? item.menuPath
    : `${item.menuPath} (${item.menuPathNote})`;
}

/** The export's name, with what may stand in for it ("A/R Aging Detail (or Open Invoices)"). */
export function exportName(item: ExportItem): string {
  return item.orInstead ? `${item.name} (or ${item.orInstead})` : item.name;
}

/**
 * The problem naming a missing export: "No Account Transactions for 2020-10-01 to 2021-01-31 in
 * the exports: <what cannot be done>. Export it: <menu path>; <what to choose>."
 */
export function missingExport(
  code: ProblemCode,
  item: ExportItem,
  dates: MigrationDates,
  found: { withoutIt: string; nor?: string; location?: SourceLocation | undefined },
): Problem {
  const nor = found.nor === undefined ? '' : `, nor ${found.nor}`;
  return problemOf(
    code,
    `No ${exportName(item)} ${exportDates(item.period, dates)} in the exports${nor}: ${found.withoutIt}. Export it: ${menuPathText(item)}; ${item.choose}.`,
    found.location ? { location: found.location } : {},
  );
}

/** The migration's dates as the reader knows them. */
export function datesOf(context: Pick<MappingContext, 'cutoverDate' | 'endDate'>): MigrationDates {
  return { cutover: context.cutoverDate, end: context.endDate };
}

/** The closing trial balance's missing-file problem, when the end date is known (TableSpec.missing). */
export function closingBalanceMissing(
  checklist: FormatChecklist,
): (dates: {
  cutoverDate?: IsoDate | undefined;
  endDate?: IsoDate | undefined;
}) => Problem | undefined {
  const item = exportItem(checklist, 'closing-trial-balance');
  return ({ cutoverDate, endDate }) =>
    endDate === undefined
      ? undefined
      : missingExport(
          'export.closing-balance-missing',
          item,
          { cutover: cutoverDate, end: endDate },
          {
            withoutIt:
              'the verification compares the migrated books with it, account by account; without it they are compared with the opening trial balance rolled forward by the exports themselves, which cannot notice a transaction the exports leave out',
          },
        );
}

const OPENING_CONTROL = 'export-checklist:opening-control';

/** Adds an opening trial balance line on a receivables or payables account (report-balances.ts). */
export function noteOpeningControl(context: MappingContext, accountKey: string, net: Cents): void {
  const role = context.index.accountRole(accountKey);
  if (role !== 'receivable' && role !== 'payable') return;
  const totals =
    (context.facts.get(OPENING_CONTROL) as Map<string, Cents> | undefined) ??
    new Map<string, Cents>();
  totals.set(role, (totals.get(role) ?? 0n) + net);
  context.facts.set(OPENING_CONTROL, totals);
}

/**
 * What gives a side's open items at the cutover: tables (an aged report, a document export) or
 * kinds of transaction another file carries (QuickBooks Desktop's IIF invoices); the export that
 * names them, and the other export that would do.
 */
interface OpenItemSource {
  tables: readonly string[];
  kinds?: readonly TransactionKind[];
  item: ExportItem;
  nor: string;
}

export type OpenItemSources = Record<'receivable' | 'payable', OpenItemSource>;

/**
 * export.open-items-missing for each side whose opening trial balance holds a balance while no
 * table that says what was open at the cutover (an aged report, a document export) was found.
 */
export function openItemsMissing(context: MappingContext, sources: OpenItemSources): Problem[] {
  const totals = context.facts.get(OPENING_CONTROL) as Map<string, Cents> | undefined;
  const problems: Problem[] = [];
  for (const role of ['receivable', 'payable'] as const) {
    const balance = totals?.get(role) ?? 0n;
    const { tables, kinds = [], item, nor } = sources[role];
    const carried = carriedKinds(context);
    if (
      balance === 0n ||
      tables.some((table) => context.tablesFound.has(table)) ||
      kinds.some((kind) => carried.has(kind))
    )
      continue;
    const what = role === 'receivable' ? 'receivables' : 'payables';
    const documents = role === 'receivable' ? 'invoices and credit notes' : 'bills and credits';
    problems.push(
      missingExport('export.open-items-missing', item, datesOf(context), {
        nor,
        withoutIt: `the ${money(balance < 0n ? -balance : balance)} of ${what} in the opening trial balance cannot be migrated as the ${documents} open at the cutover, so the conversion clearing account will not come to zero`,
      }),
    );
  }
  return problems;
}
