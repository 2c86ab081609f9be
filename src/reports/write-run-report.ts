import path from 'node:path';
import { makePrivateFolder, writePrivateFile } from '../private-files/private-files.js';
import { renderHtmlReport } from './render-html.js';
import type { RunReport } from './run-report.js';
import { writeXlsxReport, type RunRecords } from './write-xlsx.js';

/** The files of one report, in the run folder: JSON for machines, XLSX and HTML for people. */
export interface WrittenReport {
  folder: string;
  json: string;
  xlsx: string;
  html: string;
}

/**
 * Writes the report as report.json, report.xlsx and report.html, and points `latest.json` at it.
 * `records` (the ID map) go to the workbook only, read from the run store as they are written.
 * Folders are owner-only (0700) and files 0600: the report lists the client's rows.
 */
export async function writeRunReport(
  report: RunReport,
  reportsRoot: string,
  name: string,
  records: RunRecords = {},
): Promise<WrittenReport> {
  const folder = path.join(reportsRoot, name);
  await makePrivateFolder(reportsRoot);
  await makePrivateFolder(folder);
  const written: WrittenReport = {
    folder,
    json: path.join(folder, 'report.json'),
    xlsx: path.join(folder, 'report.xlsx'),
    html: path.join(folder, 'report.html'),
  };
  await writePrivateFile(written.json, `${JSON.stringify(report, null, 2)}\n`);
  await writeXlsxReport(report, written.xlsx, records);
  await writePrivateFile(written.html, renderHtmlReport(report));
  await writePrivateFile(
    path.join(reportsRoot, 'latest.json'),
    `${JSON.stringify(written, null, 2)}\n`,
  );
  return written;
}
