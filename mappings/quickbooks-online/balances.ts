import type { ColumnSpec } from '../../src/sources/table/column-spec.js';
import { trialBalanceReports, type BalanceColumns } from '../shared/report-balances.js';

/** The Trial Balance report (`,Debit,Credit` under title rows) or the trial balance import layout. */
const trialBalanceReportColumns: ColumnSpec[] = [
  { id: 'Account', headers: ['Account Name', 'Account', ''], required: true },
  { id: 'Debit', headers: ['Debit'], required: true },
  { id: 'Credit', headers: ['Credit'], required: true },
];

const balanceColumns: BalanceColumns = { account: 'Account', pairs: [['Debit', 'Credit']] };

const reports = trialBalanceReports(trialBalanceReportColumns, balanceColumns);

/** The Trial Balance report as of the day before the cutover. */
export const reportOpeningBalance = reports.opening;

/** The Trial Balance report as of the end date. */
export const reportTrialBalance = reports.closing;
