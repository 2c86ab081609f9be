import type { Money } from '../../src/ledger/index.js';
import { centsOf } from '../../src/money/index.js';
import type { MappingContext } from '../../src/sources/table-mapping/mapping-context.js';
import type { RowFields } from '../../src/sources/table-mapping/row-fields.js';
import type { Mapped, TableSpec } from '../../src/sources/table-mapping/table-spec.js';
import type { ColumnSpec } from '../../src/sources/table/column-spec.js';
import { trialBalanceFileNames } from '../../src/sources/table/trial-balance-files.js';
import { reportDate } from '../../src/sources/table/report-date.js';
import { problemOf } from '../../src/ledger/problem-catalog.js';
import { sidesOf } from './document-parts.js';
import {
  closingBalanceMissing,
  noteOpeningControl,
  type FormatChecklist,
} from './export-checklist.js';

/** Columns of a trial balance report export. The first pair found with values is used. */
export interface BalanceColumns {
  account: string;
  /** A separate account code column, when the layout has one: it resolves the account first. */
  code?: string;
  /** Debit/credit column pairs in order of preference (Xero: YTD first). */
  pairs: readonly (readonly [string, string])[];
}

type BalanceLine = { accountKey: string; debit: Money; credit: Money };

/**
 * Reads one row of a trial balance report (Xero, QuickBooks): section headings, "Total" rows and zero
 * balances are skipped; "Name (Code)", "1000 Name" and "Parent:Child" resolve to account keys.
 */
function reportBalanceLine(
  row: RowFields,
  context: MappingContext,
  columns: BalanceColumns,
): BalanceLine | 'skip' | undefined {
  const account = row.text(columns.account);
  if (account === undefined || /^total\b/i.test(account) || /^net (income|profit)/i.test(account))
    return 'skip';
  const pair = columns.pairs.find(([debit, credit]) => row.has(debit) || row.has(credit));
  if (!pair) return 'skip';
  const [debitColumn, creditColumn] = pair;
  if (row.text(debitColumn) === undefined && row.text(creditColumn) === undefined) return 'skip';
  const debit = row.moneyOrZero(debitColumn);
  const credit = row.moneyOrZero(creditColumn);
  if (debit === undefined || credit === undefined) return undefined;
  const net = centsOf(debit) - centsOf(credit);
  if (net === 0n) return 'skip';
  const code = columns.code === undefined ? undefined : row.text(columns.code);
  let accountKey =
    (code === undefined ? undefined : context.index.accountKey(code)) ??
    context.index.accountKey(account);
  if (accountKey === undefined) {
    accountKey = account;
    row.note(
      'account.unresolved-reference',
      `${row.where(columns.account)} names "${account}", which matches no account code or name in the chart of accounts; it is kept as written.`,
      columns.account,
    );
  }
  return { accountKey, ...sidesOf(net) };
}

/** Maps report rows to opening balance lines. */
function openingBalanceFromReport(
  [row]: readonly RowFields[],
  context: MappingContext,
  columns: BalanceColumns,
): Mapped<'opening-balance'>[] {
  if (!row) return [];
  const line = reportBalanceLine(row, context, columns);
  if (line === 'skip') return [];
  if (line)
    noteOpeningControl(context, line.accountKey, centsOf(line.debit) - centsOf(line.credit));
  if (!line)
    return [
      {
        entity: 'opening-balance',
        key: row.text(columns.account),
        location: row.location(),
        problems: [],
      },
    ];
  return [
    {
      entity: 'opening-balance',
      value: { ...line, source: row.location() },
      location: row.location(),
      problems: [],
    },
  ];
}

/** Maps report rows to trial balance lines dated by the title (or the override file). */
function trialBalanceFromReport(
  [row]: readonly RowFields[],
  context: MappingContext,
  columns: BalanceColumns,
): Mapped<'trial-balance'>[] {
  if (!row) return [];
  const line = reportBalanceLine(row, context, columns);
  if (line === 'skip') return [];
  const asOf = context.overrides.trialBalanceDate ?? reportDate(context.table.titleLines);
  if (!asOf) {
    const key = `trial-balance-date:${context.table.file}`;
    if (!context.facts.has(key)) {
      context.facts.set(key, true);
      context.report(
        problemOf(
          'balance.trial-missing-date',
          `${context.table.file}: the trial balance's title rows do not say "As at <date>", so its date is unknown. Set "trialBalanceDate" in the override file.`,
          { location: row.location(), entity: 'trial-balance' },
        ),
      );
    }
    return [];
  }
  if (!line)
    return [
      {
        entity: 'trial-balance',
        key: row.text(columns.account),
        location: row.location(),
        problems: [],
      },
    ];
  return [
    {
      entity: 'trial-balance',
      value: { ...line, asOf, source: row.location() },
      location: row.location(),
      problems: [],
    },
  ];
}

/**
 * The two trial balance reports of a format, read alike: the opening one as at the day before the
 * cutover, and the closing one at the end date for the reconciliation (its absence named from the
 * format's export checklist).
 */
export function trialBalanceReports(
  columns: ColumnSpec[],
  balanceColumns: BalanceColumns,
  checklist: FormatChecklist,
  /** Columns of the report the balances do not need (TableSpec.ignoredColumns). */
  ignoredColumns: readonly string[] = [],
): { opening: TableSpec<'opening-balance'>; closing: TableSpec<'trial-balance'> } {
  const amountColumns = balanceColumns.pairs.flat();
  return {
    opening: {
      id: 'opening_balances',
      entity: 'opening-balance',
      fileNames: trialBalanceFileNames.opening,
      trialBalance: 'opening',
      columns,
      ignoredColumns,
      amountColumns,
      map: (rows, context) => openingBalanceFromReport(rows, context, balanceColumns),
    },
    closing: {
      id: 'trial_balance',
      entity: 'trial-balance',
      fileNames: trialBalanceFileNames.closing,
      trialBalance: 'closing',
      missing: closingBalanceMissing(checklist),
      columns,
      ignoredColumns,
      amountColumns,
      map: (rows, context) => trialBalanceFromReport(rows, context, balanceColumns),
    },
  };
}
