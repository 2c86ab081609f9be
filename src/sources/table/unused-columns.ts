import type { Problem, SourceLocation } from '../../ledger/index.js';
import { problemOf } from '../../ledger/problem-catalog.js';
import { cellText, isBlankCell, UnreadableCell, type CellValue, type RawRow } from '../cell.js';
import { normalizeHeader } from './column-spec.js';
import type { HeaderMatch } from './find-header.js';

/**
 * How many columns right of the header's last one are watched for values under no header. A
 * workbook's cells further right are never laid out (read-table.ts), a CSV's are a column count
 * problem.
 */
export const UNNAMED_MARGIN = 8;

/** Words that say a column holds money, tax, a date or an identifier. */
const MEANINGFUL = new Set([
  'amount',
  'amt',
  'total',
  'subtotal',
  'price',
  'cost',
  'debit',
  'credit',
  'balance',
  'paid',
  'owing',
  'outstanding',
  'fee',
  'gross',
  'net',
  'payment',
  'charge',
  'discount',
  'tax',
  'vat',
  'gst',
  'hst',
  'pst',
  'qst',
  'date',
  'due',
  'id',
  'number',
  'num',
  'no',
  'code',
  'ref',
  'reference',
  'invoice',
  'bill',
  'account',
]);

/** How many column names a problem lists before it says how many more there are. */
const LISTED = 12;

/** True when a header's words say it holds money, tax, a date or an identifier ("TaxAmount", "Ref #"). */
function meaningfulHeader(header: string): boolean {
  const words = header
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/);
  return header.includes('#') || words.some((word) => MEANINGFUL.has(word));
}

interface Column {
  index: number;
  /** The header as written; "" under a blank header cell. */
  name: string;
  /** The first value under it, and its row. */
  first?: { text: string; row: number };
}

/**
 * Accounts for the columns of one file (or sheet) that no table reading it uses. The first table
 * read from the file watches its rows for values in the columns it does not read; every table read
 * from it then strikes the columns it reads and names those its export is known to hold unused.
 * Memory is one entry per column of the header.
 */
export class UnusedColumns {
  private readonly columns: Column[] = [];
  private readonly known = new Set<string>();
  /** Columns no row has filled yet: the only ones a row is looked at for. */
  private waiting: Column[];
  /** The tables read from the file, for the override advice. */
  private readonly tables: string[] = [];

  constructor(
    private readonly file: string,
    private readonly header: RawRow,
    private readonly where: (row: number) => SourceLocation,
    match: HeaderMatch,
  ) {
    const read = new Set(match.indexes.values());
    const width = header.cells.length + UNNAMED_MARGIN;
    for (let index = 0; index < width; index += 1) {
      if (!read.has(index)) this.columns.push({ index, name: cellText(header.cells[index]) });
    }
    this.waiting = [...this.columns];
  }

  /** Same header row, same file: a second table reading the file shares this account. */
  sameHeader(row: RawRow): boolean {
    return row.row === this.header.row;
  }

  /** A table reads the file: the columns it reads are used; `ignored` are known to be unused. */
  use(table: string, match: HeaderMatch, ignored: readonly string[] = []): void {
    if (!this.tables.includes(table)) this.tables.push(table);
    const read = new Set(match.indexes.values());
    this.waiting = this.waiting.filter((column) => !read.has(column.index));
    this.columns.splice(
      0,
      this.columns.length,
      ...this.columns.filter((column) => !read.has(column.index)),
    );
    for (const name of ignored) this.known.add(normalizeHeader(name));
  }

  /** Notes which unread columns a data row fills. */
  see(row: RawRow): void {
    if (this.waiting.length === 0) return;
    let filled = false;
    for (const column of this.waiting) {
      const cell = row.cells[column.index];
      if (isBlankCell(cell)) continue;
      column.first = { text: shown(cell), row: row.row };
      filled = true;
    }
    if (filled) this.waiting = this.waiting.filter((column) => column.first === undefined);
  }

  /**
   * Once the file is read: one problem listing its named columns no table reads (a warning when one
   * holding values is named like money, tax, a date or an identifier and is not known to the
   * export), and one for values under a blank header.
   */
  problems(): Problem[] {
    const problems: Problem[] = [];
    const named = this.columns.filter((column) => column.name !== '');
    const suspect = named.filter(
      (column) =>
        column.first !== undefined &&
        !this.known.has(normalizeHeader(column.name)) &&
        meaningfulHeader(column.name),
    );
    if (named.length > 0) {
      const listed = [...suspect, ...named.filter((column) => !suspect.includes(column))];
      const names = listed
        .slice(0, LISTED)
        .map((column) =>
          suspect.includes(column) && column.first
            ? `"${column.name}" (row ${column.first.row}: "${clip(column.first.text)}")`
            : `"${column.name}"`,
        )
        .join(', ');
      const more = listed.length > LISTED ? ` and ${listed.length - LISTED} more` : '';
      const count = named.length === 1 ? '1 column is' : `${named.length} columns are`;
      const [first] = suspect;
      const override = `"columns" → "${this.tables[0] ?? ''}"`;
      const advice = first
        ? ` ${suspect.length === 1 ? `"${first.name}" holds values and is` : `${suspect.length} of them hold values and are`} named like an amount, tax, a date or an identifier: check that nothing in ${suspect.length === 1 ? 'it' : 'them'} belongs in the migration. If one holds what Ledgerlift reads under another name, name it under ${override} in the override file.`
        : ` What ${named.length === 1 ? 'it holds' : 'they hold'} is not migrated.`;
      problems.push(
        problemOf('column.unused', `${this.file}: ${count} not read: ${names}${more}.${advice}`, {
          location: { ...this.where(this.header.row), ...(first ? { column: first.name } : {}) },
          severity: first ? 'warning' : 'info',
        }),
      );
    }
    const unnamed = this.columns.filter(
      (column): column is Column & Required<Pick<Column, 'first'>> =>
        column.name === '' && column.first !== undefined && !this.known.has(''),
    );
    const [firstUnnamed] = unnamed;
    if (firstUnnamed) {
      const list = unnamed
        .slice(0, LISTED)
        .map(
          (column) =>
            `column ${column.index + 1} (row ${column.first.row}: "${clip(column.first.text)}")`,
        )
        .join(', ');
      const more = unnamed.length > LISTED ? ` and ${unnamed.length - LISTED} more` : '';
      problems.push(
        problemOf(
          'column.unnamed',
          `${this.file}: values stand under a blank header, in ${list}${more}, so they are not read. Give the column its name in the header row (row ${this.header.row}), or delete it if it belongs to nothing.`,
          {
            location: {
              ...this.where(firstUnnamed.first.row),
              column: `column ${firstUnnamed.index + 1}`,
            },
          },
        ),
      );
    }
    return problems;
  }
}

/** A cell as a message quotes it: a formula without a saved result by its formula. */
function shown(cell: CellValue): string {
  return cell instanceof UnreadableCell ? cell.description : cellText(cell);
}

/** A value quoted in a message: one line, at most 40 characters. */
function clip(text: string): string {
  const line = text.replace(/\s+/g, ' ');
  return line.length > 40 ? `${line.slice(0, 39)}…` : line;
}
