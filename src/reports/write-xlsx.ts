import type { Problem } from '../ledger/index.js';
import { reportWorkbook } from './xlsx/report-workbook.js';
import type { IdMapRow, RunReport } from './run-report.js';
import {
  failedRowColumns,
  problemColumns,
  skippedColumns,
  stepColumns,
  warningColumns,
} from './xlsx/list-sheets.js';
import {
  callLogColumns,
  idMapColumns,
  roundColumns,
  roundLines,
} from './xlsx/run-record-sheets.js';
import { summaryColumns, summaryRows } from './xlsx/summary-sheet.js';
import { stepTotals, trialBalanceTotals } from './xlsx/totals-rows.js';
import { writeTableSheet } from './xlsx/table-sheet.js';
import { trialBalanceColumns } from './xlsx/trial-balance-sheet.js';
import { comparisonColumns, comparisonRows } from './xlsx/verification-sheet.js';

/** The workbook's sheets, in this order. */
export const xlsxSheetNames = [
  'Summary',
  'Steps',
  'Failed rows',
  'Warnings',
  'Problems',
  'Skipped',
  'Verification',
  'Projected trial balance',
  'ID map',
  'Call log',
  'Replay history',
] as const;

/** What the workbook lists beside the report, read as it is written: too many rows to hold. */
export interface RunRecords {
  /** The ID map's rows, read once for the column widths and once to write them. */
  idMap?: () => Iterable<IdMapRow>;
  /** Every problem (the report keeps the first of each code), read like the ID map. */
  problems?: () => AsyncIterable<Problem>;
  /** Every skipped row, when the report kept only the first of each step and reason. */
  skippedRows?: () => AsyncIterable<RunReport['skippedRows'][number]>;
}

/**
 * Writes a run's report as an XLSX workbook for working through it: every failed row, problem,
 * skipped row and warning (the HTML page shows the first ones only), with file, sheet, row and
 * column in their own columns, filters on every sheet and a frozen header. Money cells are numbers
 * formatted `#,##0.00`, converted exactly from the report's decimal strings (see docs/reports.md).
 */
export async function writeXlsxReport(
  report: RunReport,
  file: string,
  records: RunRecords = {},
): Promise<void> {
  const workbook = reportWorkbook(file, report.generatedAt);
  await writeTableSheet(workbook, 'Summary', summaryColumns, summaryRows(report), {
    autoFilter: false,
  });
  await writeTableSheet(workbook, 'Steps', stepColumns(report.run.mode), report.steps, {
    totals: stepTotals(report.steps),
  });
  await writeTableSheet(workbook, 'Failed rows', failedRowColumns, report.failedRows);
  await writeTableSheet(workbook, 'Warnings', warningColumns, report.apiWarnings);
  await writeTableSheet(workbook, 'Problems', problemColumns, records.problems ?? report.problems);
  await writeTableSheet(
    workbook,
    'Skipped',
    skippedColumns,
    records.skippedRows ?? report.skippedRows,
  );
  await writeTableSheet(
    workbook,
    'Verification',
    comparisonColumns,
    comparisonRows(report.verification),
  );
  await writeTableSheet(
    workbook,
    'Projected trial balance',
    trialBalanceColumns,
    report.projectedTrialBalance,
    { totals: trialBalanceTotals(report.projectedTrialBalance) },
  );
  await writeTableSheet(workbook, 'ID map', idMapColumns, records.idMap ?? []);
  await writeTableSheet(workbook, 'Call log', callLogColumns, report.callLog ?? []);
  await writeTableSheet(
    workbook,
    'Replay history',
    roundColumns,
    roundLines(report.replayHistory ?? []),
  );
  await workbook.commit();
}
