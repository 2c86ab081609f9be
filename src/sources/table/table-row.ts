import type { SourceLocation } from '../../ledger/index.js';
import type { CellValue, RawRow } from '../cell.js';
import type { HeaderMatch } from './find-header.js';

/** A data row of a table, read by column id, with the location of any of its cells. */
export class TableRow {
  constructor(
    readonly file: string,
    readonly sheet: string | undefined,
    private readonly raw: RawRow,
    private readonly header: HeaderMatch,
  ) {}

  get row(): number {
    return this.raw.row;
  }

  get cells(): readonly CellValue[] {
    return this.raw.cells;
  }

  /** The cell of a column, or undefined when the column is absent or the row is short. */
  cell(column: string): CellValue {
    const index = this.header.indexes.get(column);
    return index === undefined ? undefined : this.raw.cells[index];
  }

  /** True when the file has the column (even if this row's cell is blank). */
  has(column: string): boolean {
    return this.header.indexes.has(column);
  }

  /** The column's header as written in the file, for messages. */
  columnName(column: string): string {
    return this.header.names.get(column) ?? column;
  }

  location(column?: string): SourceLocation {
    const location: SourceLocation = { file: this.file, row: this.raw.row };
    if (this.sheet !== undefined) location.sheet = this.sheet;
    if (column !== undefined) location.column = this.columnName(column);
    return location;
  }
}
