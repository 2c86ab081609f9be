import type { Problem, SourceLocation } from '../../ledger/index.js';
import { problemOf } from '../../ledger/problem-catalog.js';
import { cellText, isBlankCell, type RawRow } from '../cell.js';

/** At most this many lines are held as pieces of one row, so memory stays flat. */
const MAX_PIECES = 8;

/** The delimiters a line may have been written with by mistake. */
const OTHER_DELIMITERS = [',', ';', '\t', '|'];

/** What the checks need to know of the file: its header and how wide its rows are written. */
export interface RowLayout {
  file: string;
  header: RawRow;
  /** The width the file writes its rows with (the header's, or more with trailing padding). */
  rowWidth: number;
  delimiter: string;
  /** True for a report (title rows above the header): a one-cell row is a section heading. */
  titled: boolean;
  where: (row: number) => SourceLocation;
}

/**
 * Finds the rows of a CSV file that a line break cut in two. An unquoted line break inside a value
 * ends the line there: the row's first part comes out short, and the rest starts the next line.
 * Consecutive short lines whose cells add up to one row (less one for each cut value) are that row:
 * reported and not read, since their values sit in the wrong columns. Lines are held only while
 * they could still be pieces, at most MAX_PIECES of them.
 */
export class SplitRows {
  private held: RawRow[] = [];
  /** The cells the held lines would make as one row. */
  private joined = 0;

  constructor(
    readonly layout: RowLayout,
    private readonly report: (problem: Problem) => void,
  ) {}

  /**
   * Takes the next non-blank row; returns the rows to read now, in order (none while a short row
   * waits for the line after it).
   */
  take(row: RawRow): RawRow[] {
    const width = this.layout.header.cells.length;
    const released: RawRow[] = [];
    if (this.held.length > 0) {
      const joined = this.joined + row.cells.length - 1;
      if (joined === width || joined === this.layout.rowWidth) {
        this.reportSplit([...this.held, row]);
        this.held = [];
        return released;
      }
      const widest = Math.max(width, this.layout.rowWidth);
      if (joined < widest && this.held.length < MAX_PIECES && row.cells.length < width) {
        this.held.push(row);
        this.joined = joined;
        return released;
      }
      released.push(...this.release());
    }
    if (row.cells.length < width && !this.isHeading(row) && !this.otherDelimiter(row)) {
      this.held = [row];
      this.joined = row.cells.length;
      return released;
    }
    released.push(row);
    return released;
  }

  /** The rows still held at the end of the file: they were no pieces. */
  release(): RawRow[] {
    const rows = this.held;
    this.held = [];
    return rows;
  }

  /**
   * A line written whole with another delimiter (`;` for `,`): one cell that splits into a row's
   * worth under it. It is no piece of a cut row, so the line after it is never taken as its rest;
   * it is read as the row it is, and its missing values are reported there.
   */
  private otherDelimiter(row: RawRow): boolean {
    const [only] = row.cells;
    if (row.cells.length !== 1 || typeof only !== 'string') return false;
    const width = this.layout.header.cells.length;
    return OTHER_DELIMITERS.some(
      (delimiter) => delimiter !== this.layout.delimiter && only.split(delimiter).length >= width,
    );
  }

  /** A report's section heading or contact name: one cell, the first. */
  private isHeading(row: RawRow): boolean {
    if (!this.layout.titled) return false;
    return row.cells.slice(1).every(isBlankCell) && !isBlankCell(row.cells[0]);
  }

  private reportSplit(pieces: readonly RawRow[]): void {
    const [first] = pieces;
    const last = pieces.at(-1);
    if (!first || !last) return;
    const { file, header, where } = this.layout;
    const column = cellText(header.cells[first.cells.length - 1]) || `column ${first.cells.length}`;
    const counts = pieces.map((piece) => piece.cells.length).join(' + ');
    this.report(
      problemOf(
        'csv.split-row',
        `${file} rows ${first.row} to ${last.row} are one row cut by a line break inside the value of column "${column}" (${counts} cells, where the header has ${header.cells.length}), so they were not read. Remove the line break, or put the value in quotes (").`,
        { location: { ...where(first.row), column } },
      ),
    );
  }
}

/**
 * True (and reported) when a quoted value runs over several lines and holds a row's worth of
 * separators: a stray opening quote closed rows later (by an inch mark, `12"`) that swallowed the
 * rows between into one value. A value with line breaks is legitimate (an address, a note); one
 * holding whole rows is not.
 */
export function quoteSpansRows(
  row: RawRow,
  layout: RowLayout,
  report: (problem: Problem) => void,
): boolean {
  const lastRow = row.lastRow;
  if (lastRow === undefined || lastRow === row.row) return false;
  const width = layout.header.cells.length;
  const enough = Math.max(2, width - 1);
  const index = row.cells.findIndex((cell) => {
    if (typeof cell !== 'string' || !/[\r\n]/.test(cell)) return false;
    const lines = cell.split(/\r\n|\r|\n/);
    const separators = lines.map((line) => line.split(layout.delimiter).length - 1);
    const total = separators.reduce((sum, count) => sum + count, 0);
    return (
      separators.some((count) => count >= enough) || (total >= enough && row.cells.length !== width)
    );
  });
  if (index < 0) return false;
  const column = cellText(layout.header.cells[index]) || `column ${index + 1}`;
  report(
    problemOf(
      'csv.quote-spans-rows',
      `${layout.file} rows ${row.row} to ${lastRow} were read as one row: a quote (") opens the value of column "${column}" on row ${row.row} and is only closed on row ${lastRow}, so the rows between became part of that value and none of them was read. Remove the stray quote, or double the quotes inside the value ("").`,
      { location: { ...layout.where(row.row), column } },
    ),
  );
  return true;
}
