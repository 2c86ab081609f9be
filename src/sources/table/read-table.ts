import type { Problem, SourceLocation } from '../../ledger/index.js';
import { problemOf } from '../../ledger/problem-catalog.js';
import { cellText, isBlankCell, type RawRow } from '../cell.js';
import { readCsvRows, type CsvFacts } from '../csv/read-csv-rows.js';
import type { CsvDelimiter } from '../csv/detect-delimiter.js';
import type { TextEncoding } from '../text/detect-encoding.js';
import { readXlsxRows } from '../xlsx/read-xlsx-rows.js';
import { normalizeHeader, type ColumnSpec } from './column-spec.js';
import { findHeader, headerScorer, type HeaderMatch } from './find-header.js';
import { TableRow } from './table-row.js';
import { quoteSpansRows, SplitRows, type RowLayout } from './split-rows.js';
import { UNNAMED_MARGIN } from './unused-columns.js';

/** Codes that end a file: when no row came before, the header that could not be looked for is no second error. */
const ENDS_THE_FILE = new Set<string>([
  'file.unreadable',
  'xlsx.unreadable',
  'xlsx.legacy-xls',
  'xlsx.encrypted',
  'xlsx.sheet-not-found',
  'xlsx.sheet-hidden',
  'xlsx.part-too-large',
  'xlsx.cell-reference-invalid',
  'xlsx.shared-strings-too-large',
  'xlsx.xml-node-too-large',
  'xlsx.cell-text-too-long',
  'xlsx.too-many-cells',
  'xlsx.rows-out-of-order',
  'xlsx.shared-string-missing',
  'xlsx.duplicate-cell',
]);

/** How many rows may sit above the header (report titles, notes) before we give up looking. */
const HEADER_SEARCH_ROWS = 50;

/** One table to read: a CSV file or one sheet of a workbook. */
export interface TableSource {
  path: string;
  /** Name reported in locations, relative to the export folder. */
  file: string;
  kind: 'csv' | 'xlsx';
  sheet?: string | undefined;
  delimiter?: CsvDelimiter | undefined;
  encoding?: TextEncoding | undefined;
  /** 1-based row of the header when detection must be forced. */
  headerRow?: number | undefined;
}

export interface TableHooks {
  onProblem: (problem: Problem) => void;
  /** The text of the rows above the header (report titles carry dates such as "As at 31 Jan 2024"). */
  onTitle?: (lines: string[]) => void;
  /**
   * The header once found, with how its columns map; the function returned, if any, sees every
   * data row read (to account for the columns the mapping does not read).
   */
  onHeader?: (
    header: RawRow,
    match: HeaderMatch,
    where: (row: number) => SourceLocation,
  ) => ((row: RawRow) => void) | undefined;
  /** A header repeated mid-file laid the columns out otherwise: the rows below map this way. */
  onRelaid?: (match: HeaderMatch) => void;
}

/**
 * Streams the data rows of a table in batches: finds the header among the first rows, checks it has every
 * required column once, then yields each non-blank row below it. Header problems stop the table with
 * one located problem naming the columns; they never throw.
 */
export async function* readTable(
  source: TableSource,
  columns: readonly ColumnSpec[],
  hooks: TableHooks,
): AsyncGenerator<TableRow[]> {
  const facts: Partial<CsvFacts> = {};
  let sheet = source.sheet;
  // A file the reader could not open at all has said so once: no second "header not found".
  let unreadable = false;
  const onProblem = (problem: Problem) => {
    if (ENDS_THE_FILE.has(problem.code)) unreadable = true;
    hooks.onProblem(problem);
  };
  let header: FoundHeader | undefined;
  const raw =
    source.kind === 'csv'
      ? readCsvRows(
          {
            path: source.path,
            file: source.file,
            delimiter: source.delimiter,
            encoding: source.encoding,
            scoreHeader: headerScorer(columns),
            onProblem,
          },
          facts,
        )
      : readXlsxRows({
          path: source.path,
          file: source.file,
          sheet: source.sheet,
          onProblem,
          onSheet: (name) => (sheet = name),
          // A workbook's cells past the header are never read (see `overflows`): not laid out,
          // but for a few, watched for values under no header (unused-columns.ts).
          columnsRead: () => (header ? header.row.cells.length + UNNAMED_MARGIN : undefined),
        });

  const where = (row: number): SourceLocation =>
    sheet === undefined ? { file: source.file, row } : { file: source.file, sheet, row };
  const buffered: RawRow[] = [];
  // Written by accept(); a holder, since a closure assigns it.
  const seen: { last?: RawRow } = {};

  const pass = (row: RawRow, found: FoundHeader, accepted: TableRow[]) => {
    if (overflows(row, found, source, where, hooks)) return;
    if (found.split && quoteSpansRows(row, found.split.layout, hooks.onProblem)) return;
    found.watch?.(row);
    accepted.push(new TableRow(source.file, sheet, row, found.match));
  };
  const accept = (rows: readonly RawRow[], found: FoundHeader): TableRow[] => {
    const accepted: TableRow[] = [];
    for (const row of rows) {
      if (row.row <= found.row.row || isBlankRow(row)) continue;
      // The report's run time under the data: not a row, and not a cut-off one either.
      if (isReportFooter(row)) continue;
      if (repeatsHeader(row, found, columns)) {
        if (found.relaid) hooks.onRelaid?.(found.match);
        reportRepeatedHeader(row, found, source, where, hooks);
        continue;
      }
      seen.last = row;
      if (!found.split) pass(row, found, accepted);
      else for (const ready of found.split.take(row)) pass(ready, found, accepted);
    }
    return accepted;
  };
  /** The rows held as possible pieces of a cut row when the file ends: they are rows. */
  const flush = (found: FoundHeader): TableRow[] => {
    const accepted: TableRow[] = [];
    for (const row of found.split?.release() ?? []) pass(row, found, accepted);
    return accepted;
  };

  for await (const batch of raw) {
    if (header) {
      // Yielded even when empty: a batch whose every row was refused has reported a problem per
      // row, and its reader drains them between batches (a file of bad rows would hold them all).
      yield accept(batch, header);
      continue;
    }
    buffered.push(...batch);
    const forced = source.headerRow !== undefined;
    const enough = forced
      ? buffered.some((row) => row.row >= (source.headerRow ?? 0))
      : buffered.length >= HEADER_SEARCH_ROWS;
    if (!enough) continue;
    const settled = settleHeader(
      buffered.slice(0, forced ? undefined : HEADER_SEARCH_ROWS),
      columns,
      source,
      facts,
      where,
      hooks,
    );
    if (!settled) return;
    header = foundHeader(settled, buffered, source, facts, where, hooks);
    const rows = accept(buffered.splice(0), header);
    if (rows.length) yield rows;
  }

  if (!header) {
    if (unreadable && buffered.length === 0) return;
    if (buffered.length === 0 && source.kind === 'csv' && facts.delimiter === undefined) return;
    const settled = settleHeader(buffered, columns, source, facts, where, hooks);
    if (!settled) return;
    header = foundHeader(settled, buffered, source, facts, where, hooks);
    const rows = accept(buffered, header);
    if (rows.length) yield rows;
  }
  const held = flush(header);
  if (held.length) yield held;

  const last = seen.last;
  if (source.kind === 'csv' && facts.endsWithLineBreak === false && last && header) {
    const width = header.row.cells.length;
    if (last.cells.length < width) {
      hooks.onProblem(
        problemOf(
          'csv.truncated',
          `${source.file} ends in the middle of row ${last.row} (${last.cells.length} of ${width} cells, no final line break): the file looks cut off. Export it again if rows are missing.`,
          { location: where(last.row) },
        ),
      );
    }
  }
}

/**
 * True for a row that is the header again (two exports pasted into one file): its first non-blank
 * cell names a column, and it names every required column as the header does. When it names them
 * in other places, the rows below follow its layout, which the file's header then takes.
 */
function repeatsHeader(row: RawRow, found: FoundHeader, columns: readonly ColumnSpec[]): boolean {
  const first = row.cells.find((cell) => !isBlankCell(cell));
  if (first === undefined || !found.names.has(normalizeHeader(cellText(first)))) return false;
  const again = findHeader([row], columns).header;
  if (!again || again.match.score < found.match.score) return false;
  found.relaid = [...again.match.indexes].some(
    ([column, index]) => found.match.indexes.get(column) !== index,
  );
  if (found.relaid) found.match = again.match;
  return true;
}

function reportRepeatedHeader(
  row: RawRow,
  found: FoundHeader,
  source: TableSource,
  where: (row: number) => SourceLocation,
  hooks: TableHooks,
): void {
  const below = found.relaid
    ? ' It puts the columns in another order: the rows below it are read in its order.'
    : ' The rows below it are read.';
  hooks.onProblem(
    problemOf(
      'row.repeated-header',
      `${source.file} row ${row.row} repeats the header of row ${found.row.row} (two exports pasted into one file?): it is not read.${below} Check that the rows are not there twice.`,
      { location: where(row.row) },
    ),
  );
}

function isBlankRow(row: RawRow): boolean {
  return row.cells.every(isBlankCell);
}

/** The header row, how its columns map, and how wide the file writes its rows. */
interface FoundHeader {
  row: RawRow;
  /** How the columns map: the header's, or a repeated header's that lays them out otherwise. */
  match: HeaderMatch;
  rowWidth: number;
  /** The normalised texts of the columns the header names, to spot it repeated. */
  names: ReadonlySet<string>;
  /** True once a repeated header changed the layout of the rows below it. */
  relaid?: boolean;
  /** For CSV files: finds rows cut by a line break, and quotes that swallowed rows. */
  split?: SplitRows;
  /** Sees each data row read, for the columns the mapping does not read (TableHooks.onHeader). */
  watch?: ((row: RawRow) => void) | undefined;
}

function foundHeader(
  settled: { row: RawRow; match: HeaderMatch },
  rows: readonly RawRow[],
  source: TableSource,
  facts: Partial<CsvFacts>,
  where: (row: number) => SourceLocation,
  hooks: TableHooks,
): FoundHeader {
  const rowWidth = rowWidthOf(rows, settled.row);
  const names = new Set(
    [...settled.match.indexes.values()]
      .map((index) => normalizeHeader(cellText(settled.row.cells[index])))
      .filter(Boolean),
  );
  const watch = hooks.onHeader?.(settled.row, settled.match, where);
  if (source.kind !== 'csv') return { ...settled, rowWidth, names, watch };
  const layout: RowLayout = {
    file: source.file,
    header: settled.row,
    rowWidth,
    delimiter: facts.delimiter ?? ',',
    titled: rows.some((row) => row.row < settled.row.row && !isBlankRow(row)),
    where,
  };
  return { ...settled, rowWidth, names, watch, split: new SplitRows(layout, hooks.onProblem) };
}

/**
 * How many cells the rows of a file are written with: the header's, or more when the exporter pads
 * every row with empty cells (a trailing delimiter, a spreadsheet's used range). Taken as the most
 * common width of the data rows read with the header, the narrower on a tie, so that one row with
 * an extra cell cannot pass for padding.
 */
function rowWidthOf(rows: readonly RawRow[], header: RawRow): number {
  const counts = new Map<number, number>();
  for (const row of rows) {
    if (row.row <= header.row || isBlankRow(row)) continue;
    counts.set(row.cells.length, (counts.get(row.cells.length) ?? 0) + 1);
  }
  let common = 0;
  let most = 0;
  for (const [width, count] of counts) {
    if (count > most || (count === most && width < common)) [common, most] = [width, count];
  }
  return Math.max(header.cells.length, common);
}

/**
 * A CSV row with more cells than the file's rows have, or with values beyond the header, has
 * shifted values (an unquoted delimiter inside a value): report it, skip it. Empty cells beyond the
 * header are the exporter's padding only when every row has them.
 */
function overflows(
  row: RawRow,
  header: FoundHeader,
  source: TableSource,
  where: (row: number) => SourceLocation,
  hooks: TableHooks,
): boolean {
  if (source.kind !== 'csv') return false;
  const width = header.row.cells.length;
  if (row.cells.length <= width) return false;
  if (row.cells.length <= header.rowWidth && row.cells.slice(width).every(isBlankCell)) {
    return false;
  }
  hooks.onProblem(
    problemOf(
      'csv.column-count',
      `${source.file} row ${row.row} has ${row.cells.length} cells but the header has ${width}, so its values would land in the wrong columns. Look for an unquoted "${source.delimiter ?? ','}" inside a value (quote that value) and fix the row.`,
      { location: where(row.row) },
    ),
  );
  return true;
}

function settleHeader(
  rows: readonly RawRow[],
  columns: readonly ColumnSpec[],
  source: TableSource,
  facts: Partial<CsvFacts>,
  where: (row: number) => SourceLocation,
  hooks: TableHooks,
): { row: RawRow; match: HeaderMatch } | undefined {
  const candidates =
    source.headerRow === undefined ? rows : rows.filter((row) => row.row === source.headerRow);
  const search = findHeader(candidates, columns);
  const required = columns.filter((column) => column.required);
  const expected = required.map((column) => `"${column.headers[0] ?? column.id}"`).join(', ');
  if (!search.header) {
    const closest = search.closest;
    if (closest && closest.match.score >= Math.max(1, Math.ceil(required.length / 2))) {
      const missing = closest.match.missing
        .map((id) => {
          const column = columns.find((candidate) => candidate.id === id);
          return `"${column?.headers[0] ?? id}"`;
        })
        .join(', ');
      hooks.onProblem(
        problemOf(
          'header.missing-column',
          `${source.file}: the header on row ${closest.row.row} has no column ${missing}. Add the column, or name the file's column for it under "columns" in the override file.`,
          { location: where(closest.row.row) },
        ),
      );
      return undefined;
    }
    const firstLine = rows.find((row) => !isBlankRow(row));
    const seen = firstLine
      ? `; row ${firstLine.row} reads "${firstLine.cells
          .map(cellText)
          .join(facts.delimiter ?? ' | ')
          .slice(0, 120)}"`
      : '; the file is empty';
    const delimiterHint =
      source.kind === 'csv'
        ? ` Check that the file is separated by commas, semicolons or tabs${source.delimiter ? ` (the override file forces "${source.delimiter === '\t' ? 'tab' : source.delimiter}")` : ''} and that it is the right export.`
        : ' Check that this is the right sheet and export.';
    hooks.onProblem(
      problemOf(
        'header.not-found',
        `${source.file}: no header row with the columns ${expected} in the first ${HEADER_SEARCH_ROWS} rows${seen}.${delimiterHint}`,
        { location: where(firstLine?.row ?? 1) },
      ),
    );
    return undefined;
  }
  const header = search.header;
  hooks.onTitle?.(
    rows
      .filter((row) => row.row < header.row.row)
      .map((row) => row.cells.map(cellText).filter(Boolean).join(' '))
      .filter(Boolean),
  );
  if (header.match.duplicates.size > 0) {
    for (const [, texts] of header.match.duplicates) {
      hooks.onProblem(
        problemOf(
          'header.duplicate-column',
          `${source.file}: the header on row ${header.row.row} has the column "${texts[0] ?? ''}" ${texts.length} times (${texts.map((text) => `"${text}"`).join(', ')}), so it is unclear which to read. Delete or rename the extra column.`,
          { location: { ...where(header.row.row), column: texts[0] ?? '' } },
        ),
      );
    }
    return undefined;
  }
  return header;
}

const WEEKDAY = '(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)';
/**
 * The time a report was run, as QuickBooks Online writes it under its report and list exports
 * ("Friday, November 27, 2026 03:31 AM GMT-08:00"), optionally after the report's basis
 * ("Accrual basis Friday, ...").
 */
const PRINTED_AT = new RegExp(
  `^(?:(?:cash|accrual) basis\\s+)?${WEEKDAY},\\s+[a-z]+\\s+\\d{1,2},\\s+\\d{4}\\s+\\d{1,2}:\\d{2}(?::\\d{2})?\\s*[ap]m(?:\\s+(?:gmt|utc)\\s*[+-]\\d{1,2}(?::?\\d{2})?)?$`,
  'i',
);

/**
 * True when the row is a report's footer: all it holds is the date and time the report was run, in
 * one cell, or cut at its commas into several when the exporter left it unquoted. Such a row is
 * never data (read as data it became a vendor, a customer job and an account).
 */
function isReportFooter(row: RawRow): boolean {
  const first = row.cells.findIndex((cell) => !isBlankCell(cell));
  if (first < 0) return false;
  const cells = row.cells.slice(first);
  while (cells.length > 0 && isBlankCell(cells.at(-1))) cells.pop();
  if (cells.some(isBlankCell)) return false;
  return PRINTED_AT.test(cells.map((cell) => cellText(cell).trim()).join(', '));
}
