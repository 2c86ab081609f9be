import { extname } from 'node:path';
import type { ListedFile } from '../archive/export-folder.js';
import type { FileOverride, MappingOverrides } from '../overrides/mapping-overrides.js';
import { listSheets } from '../xlsx/read-xlsx-rows.js';
import { normalizeHeader } from './column-spec.js';
import { nameCandidates, type NearMiss } from './file-candidates.js';
import type { TableSource } from './read-table.js';

const TEXT_EXTENSIONS = new Set(['.csv', '.txt', '.tsv']);
/** `.xls` too: found like any workbook, so the reader can say to save it as .xlsx. */
const WORKBOOK_EXTENSIONS = new Set(['.xlsx', '.xlsm', '.xls']);

/**
 * The export folder's files, and the sheets of its workbooks (read once, when first needed). A file
 * is named as tables and the override file name it (`Journal.xlsx`), lies at its path (in the
 * folder, or in the scratch folder its archive was extracted to) and is shown in problems by its
 * shown name (`QuickBooks Online export.zip: Journal.xlsx`) (src/sources/archive/export-folder.ts).
 */
export class FolderListing {
  private sheets = new Map<string, Promise<string[]>>();
  readonly files: readonly string[];
  private readonly listed: ReadonlyMap<string, ListedFile>;

  constructor(files: readonly ListedFile[]) {
    this.files = files.map((file) => file.name);
    this.listed = new Map(files.map((file) => [file.name, file]));
  }

  /** Where the file lies. */
  pathOf(file: string): string {
    return this.listed.get(file)?.path ?? file;
  }

  /** What problems call the file. */
  shownName(file: string): string {
    return this.listed.get(file)?.shown ?? file;
  }

  sheetsOf(file: string): Promise<string[]> {
    let names = this.sheets.get(file);
    if (!names) {
      names = listSheets(this.pathOf(file)).catch(() => []);
      this.sheets.set(file, names);
    }
    return names;
  }
}

export function kindOf(file: string): 'csv' | 'xlsx' {
  return WORKBOOK_EXTENSIONS.has(extname(file).toLowerCase()) ? 'xlsx' : 'csv';
}

/** Where a table is read from, what was looked for, and what else could have been it. */
export interface LocatedTable {
  source?: TableSource;
  tried: string[];
  /** Other files (or sheets) the table could be read from: not read. */
  others?: string[];
  /** Files named almost like the table (`customers (1).csv`): not read. */
  nearMisses?: NearMiss[];
}

/**
 * Finds the file (or workbook sheet) of a table: the override file's entry, else a file whose name
 * without extension matches one of the table's names, else a workbook sheet with such a name. The
 * other files or sheets that match too, and the near misses, come with it.
 */
export async function locateTable(
  listing: FolderListing,
  tableId: string,
  fileNames: readonly string[],
  overrides: MappingOverrides,
): Promise<LocatedTable> {
  const override: FileOverride | undefined = overrides.files?.[tableId];
  const base = {
    delimiter: overrides.delimiter,
    encoding: overrides.encoding,
  };
  if (override !== undefined) {
    const spec = override;
    const tried = [spec.sheet ? `${spec.file} [${spec.sheet}]` : spec.file];
    if (!listing.files.includes(spec.file)) return { tried };
    return {
      tried,
      source: {
        path: listing.pathOf(spec.file),
        file: listing.shownName(spec.file),
        kind: kindOf(spec.file),
        sheet: spec.sheet,
        delimiter: spec.delimiter ?? base.delimiter,
        encoding: spec.encoding ?? base.encoding,
        headerRow: spec.headerRow,
      },
    };
  }
  const wanted = new Set(fileNames.map(normalizeHeader));
  const tried = fileNames.map((name) => `${name}.csv`);
  const candidates = nameCandidates(
    listing.files,
    fileNames,
    (extension) => TEXT_EXTENSIONS.has(extension) || WORKBOOK_EXTENSIONS.has(extension),
  );
  const { exact } = candidates;
  const nearMisses = candidates.nearMisses.map((miss) => ({
    ...miss,
    file: listing.shownName(miss.file),
  }));
  const [file, ...others] = exact;
  if (file !== undefined) {
    return {
      tried,
      others: others.map((other) => listing.shownName(other)),
      nearMisses,
      source: {
        path: listing.pathOf(file),
        file: listing.shownName(file),
        kind: kindOf(file),
        ...base,
      },
    };
  }
  const sheets: Array<{ file: string; sheet: string }> = [];
  for (const file of listing.files) {
    if (!WORKBOOK_EXTENSIONS.has(extname(file).toLowerCase())) continue;
    const sheet = (await listing.sheetsOf(file)).find((name) => wanted.has(normalizeHeader(name)));
    if (sheet !== undefined) sheets.push({ file, sheet });
  }
  const [found, ...alike] = sheets;
  if (found !== undefined) {
    const { file, sheet } = found;
    return {
      tried,
      others: alike.map((other) => `${listing.shownName(other.file)} [${other.sheet}]`),
      nearMisses,
      source: {
        path: listing.pathOf(file),
        file: listing.shownName(file),
        kind: 'xlsx',
        sheet,
        ...base,
      },
    };
  }
  return { tried, nearMisses };
}
