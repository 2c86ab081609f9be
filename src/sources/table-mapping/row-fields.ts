import type { DecimalString, IsoDate, Money, Problem, SourceLocation } from '../../ledger/index.js';
import { centsOf, formatCents } from '../../money/index.js';
import { problemOf } from '../../ledger/problem-catalog.js';
import {
  UnreadableCell,
  cellText,
  isBlankCell,
  type CellValue,
  numberToDecimalText,
} from '../cell.js';
import type { TableRow } from '../table/table-row.js';
import { parseAmount } from '../values/parse-amount.js';
import { readDateCell } from './read-date-cell.js';
import type { MappingContext } from './mapping-context.js';

/**
 * Typed access to one row's cells. Each reader returns undefined when the value is missing or bad
 * and records a located problem; `failed` tells the mapping the row cannot become a record.
 */
export class RowFields {
  /** True once a required value was missing or unreadable. */
  failed = false;
  /**
   * Set when the row is left unread because a date or an amount reads two ways and its file does
   * not say which: the value as written and where, for the file's one problem.
   */
  deferral: { kind: 'date' | 'amount'; text: string; location: SourceLocation } | undefined;
  /** Currency codes and symbols written with amounts (`EUR 1,000.00`), checked against the record's currency. */
  readonly currencyMarks: { column: string; text: string; currency: string }[] = [];

  constructor(
    readonly row: TableRow,
    private readonly context: MappingContext,
    readonly problems: Problem[],
  ) {}

  location(column?: string): SourceLocation {
    return this.row.location(column);
  }

  has(column: string): boolean {
    return this.row.has(column);
  }

  /** Trimmed text, undefined when blank. */
  text(column: string): string | undefined {
    const cell = this.readable(column);
    if (cell === undefined || isBlankCell(cell)) return undefined;
    const text = cellText(cell);
    return text === '' ? undefined : text;
  }

  required(column: string, what = `"${this.row.columnName(column)}"`): string | undefined {
    const text = this.text(column);
    if (text === undefined && !this.failedOn(column)) this.missing(column, what);
    return text;
  }

  /** An amount of money with two places; blank is undefined (or an error when required). */
  money(column: string, options: { required?: boolean } = {}): Money | undefined {
    const exact = this.exactDecimal(
      column,
      options.required ?? false,
      'amount.invalid',
      'an amount',
    );
    if (exact === undefined) return undefined;
    try {
      return formatCents(centsOf(exact));
    } catch {
      this.fail(
        'amount.too-many-decimals',
        `${this.where(column)} holds ${exact}, an amount with more than two decimal places; round it to cents in the export.`,
        column,
      );
      return undefined;
    }
  }

  /** Money where blank means zero (debit/credit pairs, tax on untaxed lines). */
  moneyOrZero(column: string): Money | undefined {
    if (!this.has(column) || isBlankCell(this.row.cell(column))) return '0.00';
    return this.money(column);
  }

  /** A quantity or price, exact, any number of places. */
  decimal(column: string, options: { required?: boolean } = {}): DecimalString | undefined {
    return this.exactDecimal(column, options.required ?? false, 'decimal.invalid', 'a number');
  }

  date(column: string, options: { required?: boolean } = {}): IsoDate | undefined {
    const cell = this.readable(column);
    if (cell === undefined || isBlankCell(cell)) {
      if (options.required && !this.failedOn(column))
        this.missing(column, `"${this.row.columnName(column)}"`);
      return undefined;
    }
    const result = readDateCell(cell, this.context.dates, this.location(column));
    switch (result.kind) {
      case 'date':
        return result.iso;
      case 'deferred':
        this.defer('date', cellText(cell), column);
        return undefined;
      case 'problem':
        this.fail(result.code, `${this.where(column)}: ${result.message}`, column);
        return undefined;
    }
  }

  /** "Yes", "TRUE", "Y", "1", "Active" and friends. Blank gives the fallback. */
  boolean(column: string, fallback: boolean): boolean {
    const text = this.text(column)?.toLowerCase();
    if (text === undefined) return fallback;
    if (['y', 'yes', 'true', '1', 'active', 'x'].includes(text)) return true;
    if (['n', 'no', 'false', '0', 'inactive', 'archived'].includes(text)) return false;
    this.problems.push(
      problemOf(
        'value.invalid',
        `${this.where(column)} holds "${text}" where Yes or No was expected; read as ${fallback ? 'Yes' : 'No'}.`,
        { location: this.location(column), severity: 'warning' },
      ),
    );
    return fallback;
  }

  /** A word from a fixed vocabulary (matched case- and punctuation-insensitively). */
  oneOf<T>(
    column: string,
    vocabulary: ReadonlyMap<string, T>,
    options: { required?: boolean; what: string },
  ): T | undefined {
    const text = options.required ? this.required(column) : this.text(column);
    if (text === undefined) return undefined;
    const value = vocabulary.get(vocabularyKey(text));
    if (value !== undefined) return value;
    this.fail(
      'value.invalid',
      `${this.where(column)} holds "${text}", which is not ${options.what}.`,
      column,
    );
    return undefined;
  }

  /** Records a located problem that makes the row unusable. */
  fail(code: Parameters<typeof problemOf>[0], message: string, column?: string): void {
    this.failed = true;
    this.problems.push(problemOf(code, message, { location: this.location(column) }));
  }

  /** Records a located problem that does not stop the row. */
  note(code: Parameters<typeof problemOf>[0], message: string, column?: string): void {
    this.problems.push(problemOf(code, message, { location: this.location(column) }));
  }

  where(column: string): string {
    return `Row ${this.row.row}, column "${this.row.columnName(column)}"`;
  }

  private readonly failedColumns = new Set<string>();

  private failedOn(column: string): boolean {
    return this.failedColumns.has(column);
  }

  /** The cell, or undefined after reporting an unreadable cell (formula without result, #REF!). */
  private readable(column: string): CellValue {
    const cell = this.row.cell(column);
    if (!(cell instanceof UnreadableCell)) return cell;
    if (!this.failedOn(column)) {
      this.failedColumns.add(column);
      const advice =
        cell.advice ??
        (cell.code === 'xlsx.formula-without-result'
          ? 'The workbook was saved without calculated values: open it in Excel and save it again, or paste the values.'
          : 'Fix the formula or type the value.');
      this.fail(
        cell.code,
        `${this.where(column)} holds ${cell.description} and no value to read. ${advice}`,
        column,
      );
    }
    return undefined;
  }

  private missing(column: string, what: string): void {
    const hint =
      this.location().sheet !== undefined
        ? ' (If the cells were merged in Excel, only the first keeps the value: unmerge and fill every row.)'
        : '';
    this.fail(
      'value.required',
      `Row ${this.row.row}: ${what} is empty but required.${hint}`,
      column,
    );
  }

  private exactDecimal(
    column: string,
    required: boolean,
    code: 'amount.invalid' | 'decimal.invalid',
    what: string,
  ): string | undefined {
    const cell = this.readable(column);
    if (cell === undefined || isBlankCell(cell)) {
      if (required && !this.failedOn(column))
        this.missing(column, `"${this.row.columnName(column)}"`);
      return undefined;
    }
    if (typeof cell === 'number') return numberToDecimalText(cell);
    const text = cellText(cell);
    const { numbers } = this.context;
    const file = this.row.file;
    const parsed = parseAmount(text, numbers.format(file));
    if (parsed.ok) {
      if (parsed.evidence.decimal !== undefined || parsed.evidence.spaceGroups)
        numbers.witness(parsed.evidence, { text, location: this.location(column) });
      if (parsed.currency !== undefined)
        this.currencyMarks.push({ column, text, currency: parsed.currency });
      return parsed.value;
    }
    if (parsed.undecided === 'decimal') {
      this.defer('amount', text, column);
      return undefined;
    }
    const fix =
      parsed.undecided === 'space'
        ? ' Correct the cell; if the file writes its thousands with spaces, an amount with decimals written that way (1 234,56) shows it.'
        : '';
    this.fail(
      code,
      `${this.where(column)} holds "${text}", which is not ${what} (${parsed.reason}).${fix}`,
      column,
    );
    return undefined;
  }

  /** Leaves the row unread for its file's one problem (the first deferral of a row names it). */
  private defer(kind: 'date' | 'amount', text: string, column: string): void {
    this.failed = true;
    this.deferral ??= { kind, text, location: this.location(column) };
  }
}

/** Vocabulary keys ignore case, spaces and punctuation ("Credit Note" = "credit-note"). */
export function vocabularyKey(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Builds a vocabulary map from word lists. */
export function vocabulary<T>(entries: Record<string, T>): ReadonlyMap<string, T> {
  return new Map(Object.entries(entries).map(([word, value]) => [vocabularyKey(word), value]));
}
