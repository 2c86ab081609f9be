import type { MappingOverrides } from './overrides/mapping-overrides.js';
import type { IsoDate, Problem, SourceLocation } from '../ledger/index.js';
import { problemOf } from '../ledger/problem-catalog.js';
import { cellText } from './cell.js';
import type { LedgerItem } from '../ledger/ledger-item.js';
import {
  ambiguousDateProblem,
  assumedDateOrderNote,
} from './table-mapping/ambiguous-date-problem.js';
import { DateOrderState } from './table-mapping/date-order-state.js';
import { groupRows } from './table-mapping/group-rows.js';
import { LedgerIndex } from './table-mapping/ledger-index.js';
import type { MappingContext } from './table-mapping/mapping-context.js';
import { needsDateOrder } from './table-mapping/read-date-cell.js';
import { RowFields } from './table-mapping/row-fields.js';
import type { AnyMapped, AnyTableSpec } from './table-mapping/table-spec.js';
import { toItems } from './table-mapping/to-items.js';
import type { ColumnSpec } from './table/column-spec.js';
import { locateTable, type FolderListing } from './table/locate-table.js';
import { readTable, type TableSource } from './table/read-table.js';
import { findTrialBalanceFiles, trialBalanceFileNames } from './table/trial-balance-files.js';
import { findTitledTable } from './table/titled-table.js';
import { trialBalanceRoles, type TrialBalanceRoles } from './table/trial-balance-roles.js';
import type { TableRow } from './table/table-row.js';
import { dateShapeOf, isAmbiguous, ordersAllowed, type DateOrder } from './values/parse-date.js';

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

const ORDER_OF_FORMAT: Record<string, DateOrder> = {
  'DD/MM/YYYY': 'DMY',
  'MM/DD/YYYY': 'MDY',
  'YYYY-MM-DD': 'YMD',
};

/** A date text seen while scanning ahead for the date order. */
export interface DateSample {
  text: string;
  location: SourceLocation;
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
  readonly pending: Problem[] = [];
  /**
   * Sources of dates to scan when a date order must be settled (set by each driver): those of one
   * file when `file` is given, else every file's.
   */
  dateSamples: (file?: string) => AsyncIterable<DateSample> = async function* () {};
  private readonly located = new Map<string, Promise<{ source?: TableSource; tried: string[] }>>();
  private trialBalances: Promise<TrialBalanceRoles> | undefined;

  constructor(
    readonly listing: FolderListing,
    readonly settings: SourceSettings,
  ) {
    const { overrides } = settings;
    this.dates = new DateOrderState(
      overrides.dateFormat ? ORDER_OF_FORMAT[overrides.dateFormat] : undefined,
    );
    this.context = {
      overrides,
      defaultCurrency: settings.defaultCurrency ?? overrides.defaultCurrency,
      decimalSeparator: overrides.decimalSeparator,
      dates: this.dates,
      index: new LedgerIndex(),
      table: { file: '', titleLines: [] },
      facts: new Map(),
      cutoverDate: settings.cutoverDate,
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
          : locateTable(this.listing, id, spec.fileNames, this.settings.overrides).then(
              (located) =>
                located.source || overridden ? located : this.locateTitled(spec, located),
            );
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

  /** A report recognised by its title rows, when no file is named like it (TableSpec.titled). */
  private async locateTitled(
    spec: AnyTableSpec,
    located: { tried: string[] },
  ): Promise<{ source?: TableSource; tried: string[] }> {
    const { titled } = spec;
    if (!titled) return located;
    const { overrides } = this.settings;
    const source = await findTitledTable(this.listing, {
      columns: columnsWithOverrides(spec, overrides),
      titled,
      base: { delimiter: overrides.delimiter, encoding: overrides.encoding },
      assigned: new Set(Object.values(overrides.files ?? {}).map((file) => file.file)),
    });
    return source ? { ...located, source } : located;
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

  /** Date samples from the date columns of tables (only those read from `file`, when given). */
  async *tableDateSamples(
    tables: readonly AnyTableSpec[],
    file?: string,
  ): AsyncGenerator<DateSample> {
    for (const spec of tables) {
      if (!spec.dateColumns?.length) continue;
      if (file !== undefined && (await this.locate(spec)).source?.file !== file) continue;
      for await (const row of this.quietRows(spec)) {
        for (const column of spec.dateColumns) {
          yield { text: cellText(row.cell(column)), location: row.location(column) };
        }
      }
    }
  }

  /**
   * Scans ahead for a file's date order: its own first date only one order allows, else (every date
   * of the file reads both ways) the first such date of the folder. With neither the file's dates
   * stay ambiguous.
   */
  async settleDateOrder(file: string): Promise<void> {
    const { dates } = this;
    if (!dates.scannedFiles.has(file)) {
      if (await this.scanDates(this.dateSamples(file), () => dates.decision(file) !== undefined))
        return;
      dates.scannedFiles.add(file);
    }
    if (!dates.folderScanned) {
      await this.scanDates(this.dateSamples(), () => dates.hasFolderEvidence);
      dates.folderScanned = true;
    }
  }

  /** Feeds dates only one order allows to the date state until `done`; false when none did. */
  private async scanDates(samples: AsyncIterable<DateSample>, done: () => boolean) {
    for await (const sample of samples) {
      const shape = dateShapeOf(sample.text);
      if (shape.kind !== 'numeric' || isAmbiguous(shape)) continue;
      const [order] = ordersAllowed(shape);
      if (order === undefined) continue;
      this.dates.decide(order, sample);
      if (done()) return true;
    }
    return false;
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
   * Maps one group of rows: settles the date order first when a date in it needs one, leaves rows
   * with ambiguous dates for the per-file problem, and returns the resulting items.
   */
  async mapGroup(
    rows: readonly TableRow[],
    dateColumns: readonly string[],
    map: (fields: RowFields[]) => AnyMapped[],
  ): Promise<LedgerItem[]> {
    const unsettled = this.needsDateOrder(rows, dateColumns);
    if (unsettled !== undefined) await this.settleDateOrder(unsettled);
    return this.mapSettled(rows, dateColumns, map);
  }

  /** mapGroup once the date order is settled (or not needed): synchronous, for the hot path. */
  mapSettled(
    rows: readonly TableRow[],
    dateColumns: readonly string[],
    map: (fields: RowFields[]) => AnyMapped[],
  ): LedgerItem[] {
    const problems: Problem[] = [];
    const fields = rows.map((row) => new RowFields(row, this.context, problems));
    const outputs = map(fields);
    const deferred = fields.find((field) => field.deferred);
    if (deferred) {
      const column = dateColumns.find((candidate) => {
        const shape = dateShapeOf(cellText(deferred.row.cell(candidate)));
        return shape.kind === 'numeric' && isAmbiguous(shape);
      });
      this.dates.countUnread(deferred.row.file, {
        text: column ? cellText(deferred.row.cell(column)) : '',
        location: deferred.location(column),
      });
      return [];
    }
    const [first] = outputs;
    if (!first) return problems.map((problem) => ({ kind: 'problem', problem }));
    first.problems = [...problems, ...first.problems];
    return outputs.flatMap((output) => toItems(output, this.context.index));
  }

  /** Reads one table of a mapping: locate, stream, group, map; items come in batches. */
  async *readSpec(spec: AnyTableSpec): AsyncGenerator<LedgerItem[]> {
    const { source, tried } = await this.locate(spec);
    if (!source) {
      yield [...this.drain(), ...(spec.reportMissing === false ? [] : [missingFile(spec, tried)])];
      return;
    }
    this.context.table = { file: source.file, sheet: source.sheet, titleLines: [] };
    const rows = readTable(source, columnsWithOverrides(spec, this.settings.overrides), {
      onProblem: (problem) => this.pending.push(problem),
      onTitle: (lines) => (this.context.table = { ...this.context.table, titleLines: lines }),
    });
    const map = (fields: RowFields[]) => spec.map(fields, this.context) as AnyMapped[];
    const dateColumns = spec.dateColumns ?? [];
    for await (const groups of groupRows(rows, spec)) {
      const items = this.drain();
      this.context.table = { ...this.context.table, sheet: groups[0]?.[0]?.sheet };
      for (const group of groups) {
        const unsettled = this.needsDateOrder(group, dateColumns);
        if (unsettled !== undefined) await this.settleDateOrder(unsettled);
        items.push(...this.drain(), ...this.mapSettled(group, dateColumns, map));
      }
      yield items;
    }
    yield [...this.drain(), ...this.ambiguousDates(source.file)];
  }

  /** The file's one problem for dates left unread, and its note for dates read in an assumed order. */
  ambiguousDates(file: string): LedgerItem[] {
    return [ambiguousDateProblem(file, this.dates), assumedDateOrderNote(file, this.dates)].flatMap(
      (problem) => (problem ? [{ kind: 'problem' as const, problem }] : []),
    );
  }
}

function missingFile(spec: AnyTableSpec, tried: string[]): LedgerItem {
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
