import { reportWorkbook } from '../xlsx/report-workbook.js';
import { summaryColumns } from '../xlsx/summary-sheet.js';
import { writeTableSheet } from '../xlsx/table-sheet.js';
import type { UndoReport } from './undo-report-data.js';
import {
  differenceColumns,
  planColumns,
  recordLeftColumns,
  undoSummaryRows,
} from './xlsx/undo-sheets.js';

/** The workbook's sheets, in this order. */
export const undoSheetNames = [
  'Summary',
  'Plan',
  'Differences',
  'Not reversed',
  'Made inactive',
  'Settings kept',
] as const;

/**
 * Writes the undo's report as an XLSX workbook with the migration workbook's conventions (bold
 * frozen header, filters, money as exact `#,##0.00` numbers; src/reports/xlsx/table-sheet.ts).
 */
export async function writeUndoXlsx(report: UndoReport, file: string): Promise<void> {
  const workbook = reportWorkbook(file, report.generatedAt);
  const records = report.groups.reduce((sum, group) => sum + group.units, 0);
  await writeTableSheet(workbook, 'Summary', summaryColumns, undoSummaryRows(report), {
    autoFilter: false,
  });
  await writeTableSheet(workbook, 'Plan', planColumns(report.mode === 'dry-run'), report.groups, {
    totals: ['Total', '', '', records, report.calls.planned],
  });
  const verification = report.verification;
  await writeTableSheet(
    workbook,
    'Differences',
    differenceColumns,
    verification?.differences ?? [],
  );
  await writeTableSheet(
    workbook,
    'Not reversed',
    recordLeftColumns,
    verification ? verification.notReversed : report.notReversible,
  );
  await writeTableSheet(
    workbook,
    'Made inactive',
    recordLeftColumns,
    verification?.inactiveInstead ?? [],
  );
  await writeTableSheet(
    workbook,
    'Settings kept',
    recordLeftColumns,
    verification?.keptSettings ?? [],
  );
  await workbook.commit();
}
