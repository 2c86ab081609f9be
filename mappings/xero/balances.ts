import type { ColumnSpec } from '../../src/sources/table/column-spec.js';
import { trialBalanceReports, type BalanceColumns } from '../shared/report-balances.js';
import { xeroExports } from './export-checklist.js';

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

// The newer layout's Account Type: the chart of accounts gives each account's type.
const reports = trialBalanceReports(reportColumns, balanceColumns, xeroExports, ['Account Type']);

/** Xero's Trial Balance report exported as at the day before the cutover. */
export const xeroOpeningBalance = reports.opening;

/** Xero's Trial Balance report at the end date, for the reconciliation. */
export const xeroTrialBalance = reports.closing;
