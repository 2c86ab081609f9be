import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
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
 */
export async function writeRunReport(
  report: RunReport,
  reportsRoot: string,
  name: string,
  records: RunRecords = {},
): Promise<WrittenReport> {
  const folder = path.join(reportsRoot, name);
  await mkdir(folder, { recursive: true });
  const written: WrittenReport = {
    folder,
    json: path.join(folder, 'report.json'),
    xlsx: path.join(folder, 'report.xlsx'),
    html: path.join(folder, 'report.html'),
  };
  await writeFile(written.json, `${JSON.stringify(report, null, 2)}\n`);
  await writeXlsxReport(report, written.xlsx, records);
  await writeFile(written.html, renderHtmlReport(report));
  await writeFile(path.join(reportsRoot, 'latest.json'), `${JSON.stringify(written, null, 2)}\n`);
  return written;
}
