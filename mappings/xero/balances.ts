import type { TableSpec } from '../../src/sources/table-mapping/table-spec.js';
import type { ColumnSpec } from '../../src/sources/table/column-spec.js';
import { trialBalanceFileNames } from '../../src/sources/table/trial-balance-files.js';
import {
  openingBalanceFromReport,
  trialBalanceFromReport,
  type BalanceColumns,
} from '../shared/report-balances.js';

/**
 * Both layouts of Xero's Trial Balance report: `Account,Debit,Credit,YTD Debit,YTD Credit` (accounts
 * as "Name (Code)"), and the newer `Account Code,Account,Account Type,Debit - Year to date,Credit -
 * Year to date`. Which debit and credit columns are there is checked per row (balanceColumns).
 */
const reportColumns: ColumnSpec[] = [
  { id: 'Account', headers: ['Account'], required: true },
  { id: 'Account Code', headers: ['Account Code', 'Code'] },
  { id: 'Debit', headers: ['Debit'] },
  { id: 'Credit', headers: ['Credit'] },
  { id: 'YTD Debit', headers: ['YTD Debit', 'Debit - Year to date', 'Debit - YTD'] },
  { id: 'YTD Credit', headers: ['YTD Credit', 'Credit - Year to date', 'Credit - YTD'] },
];

/** The YTD columns hold balances (cumulative for balance sheet accounts); Debit/Credit are movements. */
const balanceColumns: BalanceColumns = {
  account: 'Account',
  code: 'Account Code',
  pairs: [
    ['YTD Debit', 'YTD Credit'],
    ['Debit', 'Credit'],
  ],
};

/** Xero's Trial Balance report exported as at the day before the cutover. */
export const xeroOpeningBalance: TableSpec<'opening-balance'> = {
  id: 'opening_balances',
  entity: 'opening-balance',
  fileNames: trialBalanceFileNames.opening,
  trialBalance: 'opening',
  columns: reportColumns,
  map: (rows, context) => openingBalanceFromReport(rows, context, balanceColumns),
};

/** Xero's Trial Balance report at the end date, for the reconciliation. */
export const xeroTrialBalance: TableSpec<'trial-balance'> = {
  id: 'trial_balance',
  entity: 'trial-balance',
  fileNames: trialBalanceFileNames.closing,
  trialBalance: 'closing',
  columns: reportColumns,
  map: (rows, context) => trialBalanceFromReport(rows, context, balanceColumns),
};
