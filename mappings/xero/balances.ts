import type { TableSpec } from '../../src/sources/table-mapping/table-spec.js';
import type { ColumnSpec } from '../../src/sources/table/column-spec.js';
import {
  openingBalanceFromReport,
  trialBalanceFromReport,
  type BalanceColumns,
} from '../shared/report-balances.js';

const reportColumns: ColumnSpec[] = [
  { id: 'Account', headers: ['Account'], required: true },
  { id: 'Debit', headers: ['Debit'], required: true },
  { id: 'Credit', headers: ['Credit'], required: true },
  { id: 'YTD Debit', headers: ['YTD Debit'] },
  { id: 'YTD Credit', headers: ['YTD Credit'] },
];

/** The YTD columns hold balances (cumulative for balance sheet accounts); Debit/Credit are movements. */
const balanceColumns: BalanceColumns = {
  account: 'Account',
  pairs: [
    ['YTD Debit', 'YTD Credit'],
    ['Debit', 'Credit'],
  ],
};

/** Xero's Trial Balance report exported as at the day before the cutover. */
export const xeroOpeningBalance: TableSpec<'opening-balance'> = {
  id: 'opening_balances',
  entity: 'opening-balance',
  fileNames: [
    'opening trial balance',
    'opening balances',
    'opening balance',
    'trial balance at cutover',
  ],
  columns: reportColumns,
  map: (rows, context) => openingBalanceFromReport(rows, context, balanceColumns),
};

/** Xero's Trial Balance report at the end date, for the reconciliation. */
export const xeroTrialBalance: TableSpec<'trial-balance'> = {
  id: 'trial_balance',
  entity: 'trial-balance',
  fileNames: ['trial balance', 'closing trial balance'],
  columns: reportColumns,
  map: (rows, context) => trialBalanceFromReport(rows, context, balanceColumns),
};
