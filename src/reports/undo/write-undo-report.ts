import path from 'node:path';
import { makePrivateFolder, writePrivateFile } from '../../private-files/private-files.js';
import { renderUndoHtml } from './render-undo-html.js';
import { buildUndoReport, type UndoReportFacts } from './undo-report-data.js';
import { writeUndoXlsx } from './write-undo-xlsx.js';
import type { UndoOutcome } from '../../migration/contracts/undo-types.js';

/** What the caller knows of the undo: the report's facts but for those of its outcome. */
export interface UndoReportInput extends Omit<
  UndoReportFacts,
  'status' | 'estimatedMinutes' | 'generatedAt'
> {
  /** When the report is written (default: now); fixed by tests. */
  generatedAt?: string | undefined;
}

/** The files of an undo's report: JSON for machines, HTML and XLSX for people. */
export const undoReportFiles = {
  json: 'undo-report.json',
  html: 'undo-report.html',
  xlsx: 'undo-report.xlsx',
} as const;

/**
 * Writes the undo's report under the run folder, as the migration's report is written
 * (src/reports/write-run-report.ts): `undo-report.json`, `undo-report.html` and
 * `undo-report.xlsx` in `reports/<planId>/`. Answers the folder.
 */
export async function writeUndoReport(
  runFolder: string,
  planId: string,
  input: UndoReportInput,
  outcome: Omit<UndoOutcome, 'reportFolder'>,
): Promise<string> {
  const folder = path.join(runFolder, 'reports', planId);
  await makePrivateFolder(path.dirname(folder));
  await makePrivateFolder(folder);
  await writePrivateFile(
    path.join(folder, undoReportFiles.json),
    `${JSON.stringify({ ...outcome, notReversible: input.plan.notReversible, verification: input.verification }, null, 2)}\n`,
  );
  const report = buildUndoReport({
    ...input,
    status: outcome.status,
    estimatedMinutes: outcome.estimatedMinutes,
    generatedAt: input.generatedAt ?? new Date().toISOString(),
  });
  await writeUndoXlsx(report, path.join(folder, undoReportFiles.xlsx));
  await writePrivateFile(path.join(folder, undoReportFiles.html), renderUndoHtml(report));
  return folder;
}
