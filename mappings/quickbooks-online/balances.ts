import type { TableSpec } from '../../src/sources/table-mapping/table-spec.js';
import type { ColumnSpec } from '../../src/sources/table/column-spec.js';
import { trialBalanceFileNames } from '../../src/sources/table/trial-balance-files.js';
import {
  openingBalanceFromReport,
  trialBalanceFromReport,
  type BalanceColumns,
} from '../shared/report-balances.js';

/** The Trial Balance report (`,Debit,Credit` under title rows) or the trial balance import layout. */
const trialBalanceReportColumns: ColumnSpec[] = [
  { id: 'Account', headers: ['Account Name', 'Account', ''], required: true },
  { id: 'Debit', headers: ['Debit'], required: true },
  { id: 'Credit', headers: ['Credit'], required: true },
];

const balanceColumns: BalanceColumns = { account: 'Account', pairs: [['Debit', 'Credit']] };

/** The Trial Balance report as of the day before the cutover. */
export const reportOpeningBalance: TableSpec<'opening-balance'> = {
  id: 'opening_balances',
  entity: 'opening-balance',
  fileNames: trialBalanceFileNames.opening,
  trialBalance: 'opening',
  columns: trialBalanceReportColumns,
  map: (rows, context) => openingBalanceFromReport(rows, context, balanceColumns),
};

/** The Trial Balance report as of the end date. */
export const reportTrialBalance: TableSpec<'trial-balance'> = {
  id: 'trial_balance',
  entity: 'trial-balance',
  fileNames: trialBalanceFileNames.closing,
  trialBalance: 'closing',
  columns: trialBalanceReportColumns,
  map: (rows, context) => trialBalanceFromReport(rows, context, balanceColumns),
};
