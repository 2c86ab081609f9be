import { createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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
 * code, which the HTML shows).
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
  await pipeline(
    Readable.from(reportJson(report, records.problems)),
    createWriteStream(written.json),
  );
  await writeXlsxReport(report, written.xlsx, records);
  await writeFile(written.html, renderHtmlReport(report));
  await writeFile(path.join(reportsRoot, 'latest.json'), `${JSON.stringify(written, null, 2)}\n`);
  return written;
}

/** Characters of report.json handed to the file at once. */
const JSON_CHUNK_CHARS = 64 * 1024;

/**
 * report.json as it is written: the report, with `problems` listing every problem read from the
 * run store (when given) instead of the first of each code the report keeps, one line each.
 */
async function* reportJson(
  report: RunReport,
  problems: RunRecords['problems'],
): AsyncGenerator<string> {
  if (!problems) {
    yield `${JSON.stringify(report, null, 2)}\n`;
    return;
  }
  // The rest of the report is small: written whole, its closing brace left for the problems.
  const rest = JSON.stringify({ ...report, problems: undefined }, null, 2);
  let text = `${rest.slice(0, -2)},\n  "problems": [`;
  let first = true;
  for await (const problem of problems()) {
    text += `${first ? '\n' : ',\n'}    ${JSON.stringify(problem)}`;
    first = false;
    if (text.length >= JSON_CHUNK_CHARS) {
      yield text;
      text = '';
    }
  }
  yield `${text}${first ? '' : '\n  '}]\n}\n`;
}
