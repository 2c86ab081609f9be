import { readdir } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { FileOverride, MappingOverrides } from '../overrides/mapping-overrides.js';
import { listSheets } from '../xlsx/read-xlsx-rows.js';
import { normalizeHeader } from './column-spec.js';
import { nameCandidates, type NearMiss } from './file-candidates.js';
import type { TableSource } from './read-table.js';

const TEXT_EXTENSIONS = new Set(['.csv', '.txt', '.tsv']);
const WORKBOOK_EXTENSIONS = new Set(['.xlsx', '.xlsm']);

/** The export folder's files, and the sheets of its workbooks (read once, when first needed). */
export class FolderListing {
  private sheets = new Map<string, Promise<string[]>>();

  private constructor(
    readonly folder: string,
    readonly files: readonly string[],
  ) {}

  static async of(folder: string): Promise<FolderListing> {
    const entries = await readdir(folder, { withFileTypes: true });
    const files = entries
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name)
      .sort();
    return new FolderListing(folder, files);
  }

  sheetsOf(file: string): Promise<string[]> {
    let names = this.sheets.get(file);
    if (!names) {
      names = listSheets(join(this.folder, file)).catch(() => []);
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
        path: join(listing.folder, spec.file),
        file: spec.file,
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
  const { exact, nearMisses } = nameCandidates(
    listing.files,
    fileNames,
    (extension) => TEXT_EXTENSIONS.has(extension) || WORKBOOK_EXTENSIONS.has(extension),
  );
  const [file, ...others] = exact;
  if (file !== undefined) {
    return {
      tried,
      others,
      nearMisses,
      source: { path: join(listing.folder, file), file, kind: kindOf(file), ...base },
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
      others: alike.map((other) => `${other.file} [${other.sheet}]`),
      nearMisses,
      source: { path: join(listing.folder, file), file, kind: 'xlsx', sheet, ...base },
    };
  }
  return { tried, nearMisses };
}
