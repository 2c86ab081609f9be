import type { EntityName, IsoDate, Problem, RecordOf, SourceLocation } from '../../ledger/index.js';
import type { ColumnSpec } from '../table/column-spec.js';
import type { TableRow } from '../table/table-row.js';
import type { TrialBalanceRole } from '../table/trial-balance-roles.js';
import type { MappingContext } from './mapping-context.js';
import type { RowFields } from './row-fields.js';

/** What a mapping makes of a group of rows: a record with its problems, or only problems. */
export interface Mapped<E extends EntityName = EntityName> {
  entity: E;
  /** Absent when the rows could not be mapped at all (their problems say why). */
  value?: RecordOf<E> | undefined;
  /** The legacy key, when known even though the record failed (for problem reports). */
  key?: string | undefined;
  location: SourceLocation;
  problems: Problem[];
  /** Other names the record is referred to by elsewhere in the export (e.g. "Parent:Child"). */
  aliases?: string[];
}

/** Mapped output of any entity. */
export type AnyMapped = { [E in EntityName]: Mapped<E> }[EntityName];

/** One table of a source format: which files hold it, its columns and how rows become records. */
export interface TableSpec<E extends EntityName = EntityName> {
  /** Stable id used in the override file ("files" and "columns"), e.g. "invoices". */
  id: string;
  entity: E;
  /** For tables read from another table's file (Xero contacts → customers and vendors): that id. */
  fileId?: string;
  /** File or sheet names tried, compared without case, spaces or punctuation, extension ignored. */
  fileNames: readonly string[];
  /**
   * For trial balance reports: which one this table reads. Trial balances are found by name or by
   * content, and their "As at" date decides the role (src/sources/table/trial-balance-roles.ts).
   */
  trialBalance?: TrialBalanceRole;
  /**
   * For reports recognised by content: true when the title rows above the header name this report
   * (Xero's "Aged Receivables Detail"). A file named like `fileNames` is still taken first.
   */
  titled?: (titleLines: readonly string[]) => boolean;
  /**
   * False for a report whose absence is no news (another export stands in for it): a missing file
   * is then not reported at all.
   */
  reportMissing?: false;
  /** When true, a missing file is an error; otherwise the entity is simply not migrated. */
  required?: boolean;
  /**
   * The problem a missing file makes, in place of the default one: the format's export checklist
   * names the export, its dates and what is lost without it (undefined: the default).
   */
  missing?: (dates: {
    cutoverDate?: IsoDate | undefined;
    endDate?: IsoDate | undefined;
  }) => Problem | undefined;
  columns: readonly ColumnSpec[];
  /**
   * Headers the export is known to hold that this table deliberately does not read (a report's
   * running balance, Xero's tracking columns): listed among the file's unread columns, never a
   * warning. "" stands for the blank-headed columns of a report (its section headings).
   */
  ignoredColumns?: readonly string[];
  /** Columns holding dates, scanned ahead to detect the date order. */
  dateColumns?: readonly string[];
  /**
   * Columns holding amounts, quantities or prices, scanned ahead for the file's decimal mark
   * before an amount that reads two ways (`10.000`) is read. A column read as money or a number but
   * not listed here is still checked as it streams, but is not scanned ahead.
   */
  amountColumns?: readonly string[];
  /**
   * The sample row the format's own template is written with, by column id: a row equal to it in
   * every column of the template is that sample left in the export, never data.
   */
  sampleRow?: Readonly<Record<string, string>>;
  /** Consecutive rows with the same non-blank value here form one record (documents, payments). */
  groupBy?: (row: TableRow) => string | undefined;
  /** For report layouts: a row that starts a new group (rows before the first start are skipped). */
  startsGroup?: (row: TableRow) => boolean;
  /** Maps a group of rows (one row unless grouped) to records. `fields` reads each row. */
  map(rows: readonly RowFields[], context: MappingContext): Mapped<E>[];
}

/** A table spec of any entity (a union, so each keeps its own record type). */
export type AnyTableSpec = { [E in EntityName]: TableSpec<E> }[EntityName];

/**
 * Records a mapping derives from what its tables have read, rather than from rows of their own: the
 * transactions rebuilt from a journal report once the documents they settle are known. Emitted at
 * its place in the mapping's order, like a table.
 */
export interface DerivedTable {
  /** Names the derivation in messages and tests ("account_transactions:payments"). */
  id: string;
  /** Its records, in order; read once, as they stream. */
  derive(context: MappingContext): Iterable<AnyMapped>;
}

/** A table read from a file, or records derived from earlier tables. */
export type MappingStep = AnyTableSpec | DerivedTable;

/** True for the steps that read a file of their own. */
export function isTableSpec(step: MappingStep): step is AnyTableSpec {
  return !('derive' in step);
}

/** A source format built from tables (every format but IIF). */
export interface TableMapping {
  /** In entity dependency order: the order records are emitted in. */
  tables: readonly MappingStep[];
  /** Reads facts ahead of mapping, e.g. which contacts appear on invoices. */
  prepare?: (scan: TableScanner, context: MappingContext) => Promise<void>;
}

/** Lets prepare() read the rows of one of the mapping's tables. */
export type TableScanner = (tableId: string, visit: (fields: RowFields) => void) => Promise<void>;
