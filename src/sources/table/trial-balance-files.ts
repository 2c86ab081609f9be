import { extname } from 'node:path';
import type { ColumnSpec } from './column-spec.js';
import { normalizeHeader } from './column-spec.js';
import { kindOf, type FolderListing } from './locate-table.js';
import type { TableSource } from './read-table.js';
import { titleOf } from './titled-table.js';
import { reportDate, titlesTrialBalance } from './report-date.js';
import type { TrialBalanceFile, TrialBalanceRole } from './trial-balance-roles.js';

const READABLE = new Set(['.csv', '.txt', '.tsv', '.xlsx', '.xlsm']);

/** File (or sheet) names that say which trial balance a file is, compared without case or spaces. */
export const trialBalanceFileNames: Record<TrialBalanceRole, readonly string[]> = {
  opening: [
    'opening trial balance',
    'opening balances',
    'opening balance',
    'trial balance at cutover',
  ],
  closing: ['trial balance', 'closing trial balance'],
};

export interface TrialBalanceSearch {
  /** The report's columns (a header with them, under a "Trial Balance" title, marks the report). */
  columns: readonly ColumnSpec[];
  /** File or sheet names that say which trial balance a file is, without reading it. */
  names: Record<TrialBalanceRole, readonly string[]>;
  base: Pick<TableSource, 'delimiter' | 'encoding'>;
  /** Files the override file assigns to other tables: never trial balances. */
  assigned: ReadonlySet<string>;
}

/**
 * Every trial balance in the export folder: files (or workbook sheets) named like one, and any
 * other file whose title rows say "Trial Balance" above the report's header, whatever it is
 * called. Each comes with the "As at"/"As of" date of its title. Only the rows down to the header
 * are read.
 */
export async function findTrialBalanceFiles(
  listing: FolderListing,
  search: TrialBalanceSearch,
): Promise<TrialBalanceFile[]> {
  const roleOf = new Map<string, TrialBalanceRole>();
  for (const role of ['opening', 'closing'] as const) {
    for (const name of search.names[role]) roleOf.set(normalizeHeader(name), role);
  }
  const found: TrialBalanceFile[] = [];
  for (const file of listing.files) {
    const extension = extname(file).toLowerCase();
    if (!READABLE.has(extension) || search.assigned.has(file)) continue;
    const source: TableSource = {
      path: listing.pathOf(file),
      file: listing.shownName(file),
      kind: kindOf(file),
      ...search.base,
    };
    let named = roleOf.get(normalizeHeader(file.slice(0, file.length - extension.length)));
    if (!named && source.kind === 'xlsx') {
      const sheet = (await listing.sheetsOf(file)).find((name) =>
        roleOf.has(normalizeHeader(name)),
      );
      if (sheet !== undefined) {
        source.sheet = sheet;
        named = roleOf.get(normalizeHeader(sheet));
      }
    }
    const title = await titleOf(source, search.columns);
    if (!named && !(title && titlesTrialBalance(title))) continue;
    const asOf = title ? reportDate(title) : undefined;
    const dateIndex = title && asOf ? title.findIndex((line) => reportDate([line]) === asOf) : -1;
    found.push({
      source,
      ...(asOf ? { asOf } : {}),
      ...(named ? { named } : {}),
      ...(dateIndex >= 0 ? { dateRow: dateIndex + 1 } : {}),
    });
  }
  return found;
}
