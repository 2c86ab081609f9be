import type { MappingOverrides } from './overrides/mapping-overrides.js';
import type { IsoDate, Problem, SourceLocation, LedgerItem } from '../ledger/index.js';
import { problemOf } from '../ledger/problem-catalog.js';
import { cellText } from './cell.js';
import {
  ambiguousDateProblem,
  assumedDateOrderNote,
  dateOrderConflict,
} from './table-mapping/ambiguous-date-problem.js';
import { DateOrderState } from './table-mapping/date-order-state.js';
import { groupRows } from './table-mapping/group-rows.js';
import { withoutSampleRows } from './table-mapping/sample-rows.js';
import { LedgerIndex } from './table-mapping/ledger-index.js';
import type { MappingContext } from './table-mapping/mapping-context.js';
import { needsDateOrder } from './table-mapping/read-date-cell.js';
import { RowFields } from './table-mapping/row-fields.js';
import type { AnyMapped, AnyTableSpec, DerivedTable } from './table-mapping/table-spec.js';
import { toItems } from './table-mapping/to-items.js';
import type { ColumnSpec } from './table/column-spec.js';
import { candidateProblems } from './table/file-candidates.js';
import { locateTable, type FolderListing, type LocatedTable } from './table/locate-table.js';
import { readTable, type TableSource } from './table/read-table.js';
import { UnusedColumns } from './table/unused-columns.js';
import type { RawRow } from './cell.js';
import type { HeaderMatch } from './table/find-header.js';
import { findTrialBalanceFiles, trialBalanceFileNames } from './table/trial-balance-files.js';
import { findTitledTables } from './table/titled-table.js';
import { trialBalanceRoles, type TrialBalanceRoles } from './table/trial-balance-roles.js';
import type { TableRow } from './table/table-row.js';
import { dateShapeOf, ordersAllowed, type DateOrder } from './values/parse-date.js';
import { parseAmount } from './values/parse-amount.js';
import { NumberFormatState } from './table-mapping/number-format-state.js';
import {
  ambiguousAmountProblem,
  foreignAmounts,
  numberFormatConflict,
  readsTwoWays,
} from './table-mapping/number-format-problems.js';

export interface SourceSettings {
  /** The export source's files, opened by src/sources/archive/export-folder.ts. */
  listing: FolderListing;
  overrides: MappingOverrides;
  defaultCurrency?: string | undefined;
  /** The first day of activity in the workspace: dates trial balances into their roles. */
  cutoverDate?: IsoDate | undefined;
  /** The verification date, when given: the trial balance at it gives the end-date figures. */
  endDate?: IsoDate | undefined;
  /** Kinds of transaction the consultant chose to leave out (`--skip-kind`). */
  skipKinds?: readonly string[] | undefined;
}

/**
 * How many rows of a file the scan for its date order and number format reads. Past it the file is
 * read as it streams, and a date or amount contradicting what the scan found still makes the
 * file's date.order-conflict or amount.format-conflict.
 */
export const SCAN_ROWS = 100_000;

const ORDER_OF_FORMAT: Record<string, DateOrder> = {
  'DD/MM/YYYY': 'DMY',
  'MM/DD/YYYY': 'MDY',
  'YYYY-MM-DD': 'YMD',
};

/** A value seen while scanning a file ahead for its date order or number format. */
export interface CellSample {
  kind: 'date' | 'amount';
  text: string;
  location: SourceLocation;
}

/** The columns of a table whose values are scanned ahead: dates, and amounts written as text. */
export interface ScannedColumns {
  dates: readonly string[];
  amounts?: readonly string[] | undefined;
}

/** The columns of a table after the override file's renames. */
function columnsWithOverrides(
  spec: Pick<AnyTableSpec, 'id' | 'fileId' | 'columns'>,
  overrides: MappingOverrides,
): ColumnSpec[] {
  const renames = overrides.columns?.[spec.fileId ?? spec.id] ?? {};
  return spec.columns.map((column) => {
    const header = renames[column.id];
    return header === undefined ? column : { ...column, headers: [header] };
  });
}

/**
 * What every reader of one export folder shares: the folder listing, the mapping context (master
 * data index, date order, overrides), problems waiting to be emitted, and the machinery that turns
 * groups of rows into ledger items.
 */
export class SourceEnvironment {
  readonly context: MappingContext;
  readonly dates: DateOrderState;
  readonly numbers: NumberFormatState;
  readonly pending: Problem[] = [];
  /**
   * Sources of values to scan when a date order or a number format must be settled (set by each
   * driver): those of one file when `file` is given, else every file's.
   */
  samples: (file?: string) => AsyncIterable<CellSample> = async function* () {};
  private readonly located = new Map<string, Promise<LocatedTable>>();
  private trialBalances: Promise<TrialBalanceRoles> | undefined;
  /** Each file's (sheet's) columns no table reads, by file, sheet and header row. */
  private readonly unusedColumns = new Map<string, UnusedColumns>();

  constructor(
    readonly listing: FolderListing,
    readonly settings: SourceSettings,
  ) {
    const { overrides } = settings;
    this.dates = new DateOrderState(
      overrides.dateFormat ? ORDER_OF_FORMAT[overrides.dateFormat] : undefined,
    );
    this.numbers = new NumberFormatState(overrides.decimalSeparator);
    this.context = {
      overrides,
      defaultCurrency: settings.defaultCurrency ?? overrides.defaultCurrency,
      numbers: this.numbers,
      dates: this.dates,
      index: new LedgerIndex(),
      table: { file: '', titleLines: [] },
      facts: new Map(),
      cutoverDate: settings.cutoverDate,
      endDate: settings.endDate,
      tablesFound: new Set(),
      skipKinds: new Set(settings.skipKinds ?? []),
      report: (problem) => this.pending.push(problem),
    };
  }

  static open(settings: SourceSettings): SourceEnvironment {
    return new SourceEnvironment(settings.listing, settings);
  }

  locate(spec: AnyTableSpec) {
    const id = spec.fileId ?? spec.id;
    let found = this.located.get(id);
    if (!found) {
      const role = spec.trialBalance;
      const overridden = this.settings.overrides.files?.[id] !== undefined;
      found =
        role && !overridden
          ? this.locateTrialBalance(spec, role)
          : locateTable(this.listing, id, spec.fileNames, this.settings.overrides)
              .then((located) => (overridden ? located : this.locateTitled(spec, located)))
              .then((located) => {
                // Once per table, whichever reader asked first.
                const { source } = located;
                const read =
                  source && (source.sheet ? `${source.file} [${source.sheet}]` : source.file);
                this.pending.push(
                  ...candidateProblems(id, read, located.others ?? [], located.nearMisses ?? []),
                );
                return located;
              });
      this.located.set(id, found);
    }
    return found;
  }

  /**
   * A trial balance table's file: every trial balance of the folder (by name or by content) is
   * dated once, and the one whose date gives it this role is read. Problems about the others (dated
   * on the cutover, not used) are reported once.
   */
  private async locateTrialBalance(
    spec: AnyTableSpec,
    role: 'opening' | 'closing',
  ): Promise<{ source?: TableSource; tried: string[] }> {
    if (!this.trialBalances) {
      const { overrides, cutoverDate, endDate } = this.settings;
      this.trialBalances = findTrialBalanceFiles(this.listing, {
        columns: columnsWithOverrides(spec, overrides),
        names: trialBalanceFileNames,
        base: { delimiter: overrides.delimiter, encoding: overrides.encoding },
        assigned: new Set(Object.values(overrides.files ?? {}).map((file) => file.file)),
      }).then((files) => {
        const roles = trialBalanceRoles(files, { cutoverDate, endDate });
        this.pending.push(...roles.problems);
        return roles;
      });
    }
    const roles = await this.trialBalances;
    const tried = [
      ...spec.fileNames.map((name) => `${name}.csv`),
      role === 'opening'
        ? 'a Trial Balance report as at the day before the cutover'
        : 'a Trial Balance report at the end date',
    ];
    const file = roles[role];
    return file ? { source: file.source, tried } : { tried };
  }

  /**
   * A report recognised by its title rows (TableSpec.titled): read when no file is named like it;
   * any other file with its title is a second candidate, not read.
   */
  private async locateTitled(spec: AnyTableSpec, located: LocatedTable): Promise<LocatedTable> {
    const { titled } = spec;
    if (!titled) return located;
    const { overrides } = this.settings;
    const reports = await findTitledTables(this.listing, {
      columns: columnsWithOverrides(spec, overrides),
      titled,
      base: { delimiter: overrides.delimiter, encoding: overrides.encoding },
      assigned: new Set(Object.values(overrides.files ?? {}).map((file) => file.file)),
    });
    const source = located.source ?? reports[0];
    if (!source) return located;
    const others = [
      ...(located.others ?? []),
      ...reports.filter((report) => report.file !== source.file).map((report) => report.file),
    ];
    return { ...located, source, others };
  }

  /** Rows of a table with problems ignored (for scanning ahead). */
  async *quietRows(spec: AnyTableSpec): AsyncGenerator<TableRow> {
    const { source } = await this.locate(spec);
    if (!source) return;
    for await (const batch of readTable(
      source,
      columnsWithOverrides(spec, this.settings.overrides),
      { onProblem: () => undefined },
    )) {
      yield* batch;
    }
  }

  /**
   * Samples from the date and amount columns of tables (only those read from `file`, when given),
   * at most SCAN_ROWS rows of each file: a bounded scan, so a huge file costs no more than a large
   * one. Amounts are sampled only where written as text (a workbook's numbers show no format).
   */
  async *tableSamples(tables: readonly AnyTableSpec[], file?: string): AsyncGenerator<CellSample> {
    const scanned = new Set<string>();
    for (const spec of tables) {
      const dates = spec.dateColumns ?? [];
      const amounts = spec.amountColumns ?? [];
      if (dates.length === 0 && amounts.length === 0) continue;
      const located = (await this.locate(spec)).source?.file;
      if (located === undefined || scanned.has(located)) continue;
      if (file !== undefined && located !== file) continue;
      scanned.add(located);
      let rows = 0;
      for await (const row of this.quietRows(spec)) {
        if ((rows += 1) > SCAN_ROWS) break;
        for (const column of dates) {
          yield { kind: 'date', text: cellText(row.cell(column)), location: row.location(column) };
        }
        for (const column of amounts) {
          const cell = row.cell(column);
          if (typeof cell === 'string' && cell !== '')
            yield { kind: 'amount', text: cell.trim(), location: row.location(column) };
        }
      }
    }
  }

  /**
   * Scans a file's dates for its order before a date both orders allow is read: every date of the
   * file that one order alone fits is evidence (date-order-state.ts). A file with none takes the
   * order the folder's other files agree on, so then every file's dates are scanned.
   */
  async settleDateOrder(file: string): Promise<void> {
    const { dates } = this;
    if (!dates.scannedFiles.has(file)) await this.scanFile(file);
    if (!dates.hasEvidence(file) && !dates.folderScanned) {
      for await (const sample of this.samples()) {
        if (sample.kind !== 'date') continue;
        this.witness(sample);
        if (dates.folderDisagreement() !== undefined) break;
      }
      dates.folderScanned = true;
    }
  }

  /** Scans a file's amounts for its number format before an amount that reads two ways is read. */
  async settleNumberFormat(file: string): Promise<void> {
    if (!this.numbers.scannedFiles.has(file)) await this.scanFile(file);
  }

  /** One bounded pass over a file's dates and amounts, for the evidence of both. */
  private async scanFile(file: string): Promise<void> {
    for await (const sample of this.samples(file)) this.witness(sample);
    this.dates.scannedFiles.add(file);
    this.numbers.scannedFiles.add(file);
  }

  /** Records what a sampled value shows: a date only one order fits, an amount's own format. */
  private witness(sample: CellSample): void {
    if (sample.kind === 'amount') {
      const parsed = parseAmount(sample.text);
      if (parsed.ok) this.numbers.witness(parsed.evidence, sample);
      return;
    }
    const shape = dateShapeOf(sample.text);
    if (shape.kind !== 'numeric') return;
    const [only, other] = ordersAllowed(shape);
    if (only !== undefined && other === undefined) this.dates.witness(only, sample);
  }

  drain(): LedgerItem[] {
    return this.pending.splice(0).map((problem) => ({ kind: 'problem', problem }));
  }

  /** The file of these rows when a date in them needs its order, which is not settled yet. */
  needsDateOrder(rows: readonly TableRow[], dateColumns: readonly string[]): string | undefined {
    const row = rows.find((candidate) =>
      dateColumns.some((column) =>
        needsDateOrder(candidate.cell(column), this.dates, candidate.file),
      ),
    );
    return row?.file;
  }

  /**
   * The file of these rows when an amount in them reads two ways (`10.000`, `100 200`) and the
   * file was not scanned yet for its number format.
   */
  needsNumberFormat(
    rows: readonly TableRow[],
    amountColumns: readonly string[],
  ): string | undefined {
    const [first] = rows;
    if (!first || amountColumns.length === 0 || this.numbers.scannedFiles.has(first.file))
      return undefined;
    const row = rows.find((candidate) =>
      amountColumns.some((column) => readsTwoWays(candidate.cell(column))),
    );
    return row?.file;
  }

  /**
   * Settles what the rows need before they are mapped: their file's date order when a date both
   * orders allow is in them, and its number format when an amount reads two ways.
   */
  async settleFor(rows: readonly TableRow[], columns: ScannedColumns): Promise<void> {
    const forDates = this.needsDateOrder(rows, columns.dates);
    if (forDates !== undefined) await this.settleDateOrder(forDates);
    const forAmounts = this.needsNumberFormat(rows, columns.amounts ?? []);
    if (forAmounts !== undefined) await this.settleNumberFormat(forAmounts);
  }

  /**
   * Maps one group of rows: settles the date order and number format first when a value in it
   * needs them, leaves rows with values that read two ways for the per-file problem, and returns
   * the resulting items.
   */
  async mapGroup(
    rows: readonly TableRow[],
    columns: ScannedColumns,
    map: (fields: RowFields[]) => AnyMapped[],
  ): Promise<LedgerItem[]> {
    await this.settleFor(rows, columns);
    return this.mapSettled(rows, map);
  }

  /** mapGroup once the date order is settled (or not needed): synchronous, for the hot path. */
  mapSettled(rows: readonly TableRow[], map: (fields: RowFields[]) => AnyMapped[]): LedgerItem[] {
    const problems: Problem[] = [];
    const fields = rows.map((row) => new RowFields(row, this.context, problems));
    const outputs = map(fields);
    const deferral = fields.find((field) => field.deferral)?.deferral;
    if (deferral) {
      const { text, location } = deferral;
      if (deferral.kind === 'date') this.dates.countUnread(location.file, { text, location });
      else this.numbers.countUnread(location.file, { text, location });
      return [];
    }
    const [first] = outputs;
    if (!first) return problems.map((problem) => ({ kind: 'problem', problem }));
    first.problems = [
      ...problems,
      ...first.problems,
      ...foreignAmounts(first, fields, this.context),
    ];
    return outputs.flatMap((output) => toItems(output, this.context.index));
  }

  /** Reads one table of a mapping: locate, stream, group, map; items come in batches. */
  async *readSpec(spec: AnyTableSpec): AsyncGenerator<LedgerItem[]> {
    const { source, tried } = await this.locate(spec);
    if (!source) {
      const missing = spec.reportMissing === false ? [] : [missingFile(spec, tried, this.settings)];
      yield [...this.drain(), ...missing];
      return;
    }
    this.context.tablesFound.add(spec.id);
    this.context.table = { file: source.file, sheet: source.sheet, titleLines: [] };
    const report = (problem: Problem) => this.pending.push(problem);
    let columnsOfFile: UnusedColumns | undefined;
    const rows = withoutSampleRows(
      readTable(source, columnsWithOverrides(spec, this.settings.overrides), {
        onProblem: report,
        onTitle: (lines) => (this.context.table = { ...this.context.table, titleLines: lines }),
        onHeader: (header, match, where) => {
          const watched = this.watchColumns(spec, header, match, where);
          columnsOfFile = watched.columns;
          return watched.see;
        },
        onRelaid: (match) => columnsOfFile?.use(spec.fileId ?? spec.id, match),
      }),
      spec.sampleRow,
      report,
    );
    const map = (fields: RowFields[]) => spec.map(fields, this.context) as AnyMapped[];
    const columns = { dates: spec.dateColumns ?? [], amounts: spec.amountColumns ?? [] };
    for await (const groups of groupRows(rows, spec)) {
      const items = this.drain();
      this.context.table = { ...this.context.table, sheet: groups[0]?.[0]?.sheet };
      for (const group of groups) {
        await this.settleFor(group, columns);
        items.push(...this.drain(), ...this.mapSettled(group, map));
      }
      yield items;
    }
    yield [...this.drain(), ...this.unreadValues(source.file)];
  }

  /**
   * Accounts for the columns of a table's file: the first table read from a file (sheet, header
   * row) watches its rows; every table read from it strikes the columns it reads.
   */
  private watchColumns(
    spec: AnyTableSpec,
    header: RawRow,
    match: HeaderMatch,
    where: (row: number) => SourceLocation,
  ): { columns: UnusedColumns; see?: (row: RawRow) => void } {
    const at = where(header.row);
    const key = [at.file, at.sheet ?? '', header.row].join('\u0000');
    const table = spec.fileId ?? spec.id;
    const known = this.unusedColumns.get(key);
    if (known) {
      known.use(table, match, spec.ignoredColumns);
      return { columns: known };
    }
    const columns = new UnusedColumns(at.file, header, where, match);
    columns.use(table, match, spec.ignoredColumns);
    this.unusedColumns.set(key, columns);
    return { columns, see: (row) => columns.see(row) };
  }

  /** Once every table is read: each file's one problem about the columns no table reads. */
  unusedColumnProblems(): LedgerItem[] {
    const problems = [...this.unusedColumns.values()].flatMap((columns) => columns.problems());
    this.unusedColumns.clear();
    return problems.map((problem) => ({ kind: 'problem', problem }));
  }

  /**
   * Emits what a derived table makes of the tables read before it, in batches, with the problems
   * reported meanwhile. Its records were built from rows already read: no file of its own.
   */
  *readDerived(step: DerivedTable): Generator<LedgerItem[]> {
    this.context.table = { file: '', titleLines: [] };
    const outputs = step.derive(this.context);
    let batch = 0;
    let items = this.drain();
    for (const output of outputs) {
      items.push(...toItems(output, this.context.index));
      batch += 1;
      if (batch < DERIVED_BATCH) continue;
      yield items;
      batch = 0;
      items = this.drain();
    }
    yield [...items, ...this.drain()];
  }

  /**
   * At the end of a file: its one problem for dates left unread (nothing decides), its one problem
   * for dates that disagree on the order, its note for dates read in the order the folder shows,
   * and the same two problems for amounts that read two ways.
   */
  unreadValues(file: string): LedgerItem[] {
    return [
      dateOrderConflict(file, this.dates),
      ambiguousDateProblem(file, this.dates),
      assumedDateOrderNote(file, this.dates),
      numberFormatConflict(file, this.numbers),
      ambiguousAmountProblem(file, this.numbers),
    ].flatMap((problem) => (problem ? [{ kind: 'problem' as const, problem }] : []));
  }
}

/** Derived records handed over per batch: one await per batch, as rows are. */
const DERIVED_BATCH = 500;

/** The problem of a table without a file: the format's own (TableSpec.missing), else the default. */
function missingFile(spec: AnyTableSpec, tried: string[], settings: SourceSettings): LedgerItem {
  const own = spec.missing?.({ cutoverDate: settings.cutoverDate, endDate: settings.endDate });
  if (own) return { kind: 'problem', problem: own };
  const names = tried.join(', ');
  const id = spec.fileId ?? spec.id;
  const problem = spec.required
    ? problemOf(
        'file.not-found',
        `No file for ${id} in the export folder (looked for ${names}, or a workbook sheet of that name). Add the export, or name its file under "files" → "${id}" in the override file.`,
        { entity: spec.entity },
      )
    : problemOf(
        'file.optional-missing',
        `No file for ${id} (looked for ${names}); ${spec.entity} records from it are not migrated.`,
        {
          entity: spec.entity,
        },
      );
  return { kind: 'problem', problem };
}
