/** What a formula finds in a cell of its sheet. */
export type CellContent =
  | { kind: 'number'; value: number }
  | { kind: 'blank' }
  /** Text or a boolean: no number to add (SUM passes over it, as Excel does). */
  | { kind: 'text' }
  /** An error value (#REF!), or a formula that could not be evaluated. */
  | { kind: 'failed' }
  /** Further back than the cells kept (see SheetCells). */
  | { kind: 'forgotten' };

const NUMBER = 0;
const TEXT = 1;
const FAILED = 2;

export type RecordedKind = 'number' | 'text' | 'failed';

const KIND_CODES: Record<RecordedKind, number> = { number: NUMBER, text: TEXT, failed: FAILED };

/** Every stored cell costs 15 bytes: row, column, value, kind. */
const FIRST_CAPACITY = 4096;

/**
 * The non-blank cells of the sheet read so far, for the formulas below them: a cell's row, column,
 * kind and number (the double the workbook stores, read at 15 digits when a formula uses it), in
 * typed arrays outside the JavaScript heap, in sheet order. The most recent `capacity` cells are
 * kept; when it is reached, the older half is forgotten, so a formula may reach back that far and a
 * reference beyond it is known to be forgotten, never taken for a blank. Rows ascend (the reader
 * refuses rows out of order); the cells of a row are put in column order when the row ends.
 */
export class SheetCells {
  private rows: Int32Array;
  private columns: Uint16Array;
  private values: Float64Array;
  private kinds: Uint8Array;
  private length = 0;
  /** Where the current row's cells begin. */
  private rowStart = 0;
  private rowSorted = true;
  /** The current row's cells by column, made when a formula first looks on its own row. */
  private rowIndex: Map<number, number> | undefined;
  /** The last cell forgotten, when some were. */
  private forgottenRow = 0;
  private forgottenColumn = -1;

  constructor(private readonly capacity: number) {
    const size = Math.min(FIRST_CAPACITY, capacity);
    this.rows = new Int32Array(size);
    this.columns = new Uint16Array(size);
    this.values = new Float64Array(size);
    this.kinds = new Uint8Array(size);
  }

  /** Starts a row: the cells recorded from now on belong to it. */
  startRow(): void {
    this.rowStart = this.length;
    this.rowSorted = true;
    this.rowIndex = undefined;
  }

  /**
   * Records a cell of the current row; returns its place in the row, for `fill` (a formula's cell
   * is recorded where it stands and filled in when its row ends, so rows stay in column order).
   */
  record(row: number, column: number, kind: RecordedKind, value = 0): number {
    if (this.length === this.rows.length) this.makeRoom();
    const at = this.length;
    if (at > this.rowStart && (this.columns[at - 1] ?? 0) > column) this.rowSorted = false;
    this.rows[at] = row;
    this.columns[at] = column;
    this.values[at] = value;
    this.kinds[at] = KIND_CODES[kind];
    this.length += 1;
    this.rowIndex?.set(column, at);
    return at - this.rowStart;
  }

  /** What a cell recorded on the current row turned out to hold. */
  fill(place: number, kind: RecordedKind, value = 0): void {
    this.values[this.rowStart + place] = value;
    this.kinds[this.rowStart + place] = KIND_CODES[kind];
  }

  /** Ends the row: its cells in column order, so lookups below can search by position. */
  endRow(): void {
    if (this.rowSorted) return;
    const order = Array.from({ length: this.length - this.rowStart }, (_, i) => this.rowStart + i);
    order.sort((a, b) => (this.columns[a] ?? 0) - (this.columns[b] ?? 0));
    const columns = order.map((i) => this.columns[i] ?? 0);
    const values = order.map((i) => this.values[i] ?? 0);
    const kinds = order.map((i) => this.kinds[i] ?? 0);
    this.columns.set(columns, this.rowStart);
    this.values.set(values, this.rowStart);
    this.kinds.set(kinds, this.rowStart);
    this.rowSorted = true;
  }

  /**
   * Grows the arrays up to the capacity; at the capacity, forgets the older half (an eighth of a
   * second's copying at a million cells, once per half a million cells read).
   */
  private makeRoom(): void {
    if (this.rows.length < this.capacity) {
      const size = Math.min(this.rows.length * 2, this.capacity);
      const grow = <T extends Int32Array | Uint16Array | Float64Array | Uint8Array>(
        old: T,
        make: (size: number) => T,
      ): T => {
        const next = make(size);
        next.set(old);
        return next;
      };
      this.rows = grow(this.rows, (n) => new Int32Array(n));
      this.columns = grow(this.columns, (n) => new Uint16Array(n));
      this.values = grow(this.values, (n) => new Float64Array(n));
      this.kinds = grow(this.kinds, (n) => new Uint8Array(n));
      return;
    }
    const drop = Math.min(Math.floor(this.length / 2), this.rowStart);
    if (drop === 0) throw new RangeError('one row holds more cells than the formulas keep');
    this.forgottenRow = this.rows[drop - 1] ?? 0;
    this.forgottenColumn = this.columns[drop - 1] ?? 0;
    for (const array of [this.rows, this.columns, this.values, this.kinds])
      array.copyWithin(0, drop, this.length);
    this.length -= drop;
    this.rowStart -= drop;
    this.rowIndex = undefined;
  }

  private isForgotten(row: number, column: number): boolean {
    return row < this.forgottenRow || (row === this.forgottenRow && column <= this.forgottenColumn);
  }

  /** The first stored cell at or after (row, column), among cells of rows already ended. */
  private lowerBound(row: number, column: number): number {
    let low = 0;
    let high = this.rowStart;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const at = this.rows[middle] ?? 0;
      if (at < row || (at === row && (this.columns[middle] ?? 0) < column)) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private contentAt(index: number): CellContent {
    switch (this.kinds[index]) {
      case NUMBER:
        return { kind: 'number', value: this.values[index] ?? 0 };
      case TEXT:
        return { kind: 'text' };
      default:
        return { kind: 'failed' };
    }
  }

  /**
   * What the cell holds. Rows already ended are searched; the current row (`current`) is indexed
   * by column when first looked at. `steps` counts the cells looked at, for the caller's bound on
   * work.
   */
  lookup(row: number, column: number, current: number, steps: { count: number }): CellContent {
    if (this.isForgotten(row, column)) return { kind: 'forgotten' };
    if (row === current) {
      if (!this.rowIndex) {
        this.rowIndex = new Map();
        for (let at = this.rowStart; at < this.length; at += 1)
          this.rowIndex.set(this.columns[at] ?? 0, at);
        steps.count += this.length - this.rowStart;
      }
      steps.count += 1;
      const at = this.rowIndex.get(column);
      return at === undefined ? { kind: 'blank' } : this.contentAt(at);
    }
    const at = this.lowerBound(row, column);
    steps.count += Math.log2(this.rowStart + 2);
    return at < this.rowStart && this.rows[at] === row && this.columns[at] === column
      ? this.contentAt(at)
      : { kind: 'blank' };
  }

  /**
   * Visits every non-blank cell of a range that ends above the current row, or on it; false when
   * part of the range is forgotten. `steps` counts the cells passed over, columns outside the
   * range included, for the caller's bound on work.
   */
  scan(
    range: { fromRow: number; toRow: number; fromColumn: number; toColumn: number },
    steps: { count: number },
    visit: (content: CellContent) => void,
  ): boolean {
    if (this.isForgotten(range.fromRow, range.fromColumn)) return false;
    for (let at = this.lowerBound(range.fromRow, 0); at < this.length; at += 1) {
      const row = this.rows[at] ?? 0;
      if (row > range.toRow) break;
      steps.count += 1;
      const column = this.columns[at] ?? 0;
      if (column >= range.fromColumn && column <= range.toColumn) visit(this.contentAt(at));
    }
    return true;
  }
}
