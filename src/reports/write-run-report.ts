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
 * `records` are read from the run store as they are written: the ID map goes to the workbook only;
 * every problem goes to report.json and the workbook (the report itself keeps the first of each
 * code, which the HTML shows). Folders are owner-only (0700) and files 0600: the report lists the
 * client's rows.
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
  await writePrivateFile(written.json, reportJson(report, records));
  await writeXlsxReport(report, written.xlsx, records);
  await writePrivateFile(written.html, renderHtmlReport(report));
  await writePrivateFile(
    path.join(reportsRoot, 'latest.json'),
    `${JSON.stringify(written, null, 2)}\n`,
  );
  return written;
}

/** Characters of report.json handed to the file at once. */
const JSON_CHUNK_CHARS = 64 * 1024;

/**
 * report.json as it is written: the report, with `problems` (and `skippedRows`, when the report kept
 * only the first of each) listing every entry read from the run store, one line each, instead of
 * the ones the report kept.
 */
async function* reportJson(report: RunReport, records: RunRecords): AsyncGenerator<string> {
  const lists = (['problems', 'skippedRows'] as const).flatMap((key) => {
    const read = records[key];
    return read ? [[key, read] as const] : [];
  });
  // The rest of the report is small: written whole, its closing brace left for the lists.
  const rest = JSON.stringify(
    { ...report, ...Object.fromEntries(lists.map(([key]) => [key, undefined])) },
    null,
    2,
  );
  if (lists.length === 0) {
    yield `${rest}\n`;
    return;
  }
  let text = rest.slice(0, -2);
  for (const [key, read] of lists) {
    text += `,\n  ${JSON.stringify(key)}: [`;
    let first = true;
    for await (const entry of read()) {
      text += `${first ? '\n' : ',\n'}    ${JSON.stringify(entry)}`;
      first = false;
      if (text.length >= JSON_CHUNK_CHARS) {
        yield text;
        text = '';
      }
    }
    text += first ? ']' : '\n  ]';
  }
  yield `${text}\n}\n`;
}
