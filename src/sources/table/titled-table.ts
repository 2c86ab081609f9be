import { extname } from 'node:path';
import type { ColumnSpec } from './column-spec.js';
import { kindOf, type FolderListing } from './locate-table.js';
import { readTable, type TableSource } from './read-table.js';

const READABLE = new Set(['.csv', '.txt', '.tsv', '.xlsx', '.xlsm']);

/** The title rows above a report's header, or undefined when the file has no such header. */
export async function titleOf(
  source: TableSource,
  columns: readonly ColumnSpec[],
): Promise<string[] | undefined> {
  let title: string[] | undefined;
  const rows = readTable(source, columns, {
    onProblem: () => undefined,
    onTitle: (lines) => (title = lines),
  });
  // The title is known once the header is found, before the first rows come out.
  for await (const batch of rows) {
    void batch;
    break;
  }
  return title;
}

/**
 * The files of the folder (in name order) whose title rows above the report's header satisfy
 * `titled`, whatever they are called: reports such as Xero's Aged Receivables Detail are recognised
 * by what they say they are. Only the rows down to the header are read.
 */
export async function findTitledTables(
  listing: FolderListing,
  search: {
    columns: readonly ColumnSpec[];
    titled: (titleLines: readonly string[]) => boolean;
    base: Pick<TableSource, 'delimiter' | 'encoding'>;
    /** Files the override file assigns to other tables: never this one. */
    assigned: ReadonlySet<string>;
  },
): Promise<TableSource[]> {
  const found: TableSource[] = [];
  for (const file of listing.files) {
    if (!READABLE.has(extname(file).toLowerCase()) || search.assigned.has(file)) continue;
    const source: TableSource = {
      path: listing.pathOf(file),
      file: listing.shownName(file),
      kind: kindOf(file),
      ...search.base,
    };
    const title = await titleOf(source, search.columns);
    if (title && search.titled(title)) found.push(source);
  }
  return found;
}
