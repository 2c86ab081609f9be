import type { ColumnSpec } from '../../src/sources/table/column-spec.js';
import type { FormatChecklist } from '../shared/export-checklist.js';
import { trialBalanceReports, type BalanceColumns } from '../shared/report-balances.js';
import { quickBooksOnlineExports } from './export-checklist.js';

/** The Trial Balance report (`,Debit,Credit` under title rows) or the trial balance import layout. */
const trialBalanceReportColumns: ColumnSpec[] = [
  { id: 'Account', headers: ['Account Name', 'Account', ''], required: true },
  { id: 'Debit', headers: ['Debit'], required: true },
  { id: 'Credit', headers: ['Credit'], required: true },
];

const balanceColumns: BalanceColumns = { account: 'Account', pairs: [['Debit', 'Credit']] };

/**
 * QuickBooks' Trial Balance reports (Online and Desktop write them alike), as at the day before the
 * cutover and at the end date; a missing one is named from the system's checklist.
 */
export function quickBooksTrialBalances(checklist: FormatChecklist) {
  return trialBalanceReports(trialBalanceReportColumns, balanceColumns, checklist);
}

const reports = quickBooksTrialBalances(quickBooksOnlineExports);

/** The Trial Balance report as of the day before the cutover. */
export const reportOpeningBalance = reports.opening;

/** The Trial Balance report as of the end date. */
export const reportTrialBalance = reports.closing;
