import ExcelJS from 'exceljs';
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SourceLocation } from '../../../src/ledger/index.js';

/** A problem a defect must put in the report, and where. */
export interface ExpectedProblem {
  code: string;
  /** Default `error`. */
  severity?: 'error' | 'warning';
  /** Default: the file the defect leaves in the folder (`.xlsx` when it saves a workbook). */
  file?: string;
  sheet?: string;
  /**
   * 1-based row: a number; 0 for the first row the defect changed; or derived from the file's
   * lines as they were before the defect (index 0 is the header, row 1).
   */
  row: number | ((lines: string[]) => number);
  column?: string;
  /** Text the message must contain (what the consultant reads), from the lines before the defect. */
  says?: (lines: string[]) => string;
}

/** Where an expected problem must be, and what its message must say. */
export interface ExpectedLocation {
  problem: ExpectedProblem;
  location: SourceLocation;
  says?: string;
}

/** One defect written into a copy of a good generic export folder, and what it must give. */
export interface Defect {
  name: string;
  /** The good export file it changes (`overrides.json`: an override file it adds). */
  file: string;
  /** Changes the file's lines (index 0 is the header, row 1). */
  corrupt?: (lines: string[]) => string[];
  /**
   * Saves the file as a workbook instead (`<name>.xlsx`, one sheet named after the file, a cell per
   * value), after this change to its sheet.
   */
  workbook?: (sheet: ExcelJS.Worksheet, lines: string[]) => void;
  /** Changes the bytes written (UTF-8 text of the lines, or the workbook). */
  bytes?: (written: Buffer, lines: string[]) => Buffer;
  /** The override file's text: the run names it in `source.overridesFile`. */
  overrides?: string;
  /** The located problem the defect must give; none for input that must be read as it is. */
  expected?: ExpectedProblem;
  /** Other located problems it must give. */
  also?: ExpectedProblem[];
  /** False: not an error; the live run goes ahead and must write the rows right. */
  blocks?: boolean;
  /**
   * Records of the company the defect takes out of the export without a skip entry under their
   * own key (unreadable rows, a key overwritten), as `entity/key`, from the file's lines before it.
   */
  unread?: (lines: string[]) => string[];
  /** Customers whose name the defect changes (key, new name), from the file's lines before it. */
  renames?: (lines: string[]) => Array<[string, string]>;
  /** Left out of the all-at-once run: why. */
  alone?: string;
}

export interface BrokenFolder {
  folder: string;
  overridesFile?: string;
  /** Records taken out without a skip entry of their own (see `Defect.unread`). */
  unread: string[];
  /** Customer key → the name the export now gives it. */
  renames: Map<string, string>;
  /** Where each expected problem must be, per defect: `expected` first, then `also`. */
  locations: Map<Defect, ExpectedLocation[]>;
}

const cells = (line: string) => line.split(',');

/** The workbook of a CSV file's lines: one sheet named after the file, a text cell per value. */
async function workbookOf(
  sheetName: string,
  lines: string[],
  edits: Array<Defect['workbook']>,
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName);
  for (const line of lines.filter(Boolean)) sheet.addRow(cells(line));
  for (const edit of edits) edit?.(sheet, lines);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * A copy of the `good` folder with `apply`'s defects. Defects on the same file are applied in turn
 * to its lines, then the file is written once (as a workbook if one of them says so).
 */
export async function brokenFolder(
  good: string,
  folder: string,
  apply: readonly Defect[],
): Promise<BrokenFolder> {
  await cp(good, folder, { recursive: true });
  const result: BrokenFolder = { folder, unread: [], renames: new Map(), locations: new Map() };
  const files = [...new Set(apply.map((defect) => defect.file))];
  for (const file of files) {
    const onFile = apply.filter((defect) => defect.file === file);
    const target = path.join(folder, file);
    const overrides = onFile.find((defect) => defect.overrides !== undefined)?.overrides;
    if (overrides !== undefined) {
      await writeFile(target, overrides);
      result.overridesFile = target;
      for (const defect of onFile) result.locations.set(defect, locate(defect, file, [], []));
      continue;
    }
    const edits = onFile.filter((defect) => defect.workbook).map((defect) => defect.workbook);
    const base = file.slice(0, file.length - path.extname(file).length);
    const written = edits.length > 0 ? `${base}.xlsx` : file;
    let lines = (await readFile(target, 'utf8')).split('\n');
    for (const defect of onFile) {
      const changed = defect.corrupt?.(lines) ?? lines;
      result.locations.set(defect, locate(defect, written, lines, changed));
      result.unread.push(...(defect.unread?.(lines) ?? []));
      for (const [key, name] of defect.renames?.(lines) ?? []) result.renames.set(key, name);
      lines = changed;
    }
    let bytes =
      edits.length > 0 ? await workbookOf(base, lines, edits) : Buffer.from(lines.join('\n'));
    for (const defect of onFile) bytes = defect.bytes?.(bytes, lines) ?? bytes;
    if (written !== file) await rm(target);
    await writeFile(path.join(folder, written), bytes);
  }
  return result;
}

/** The problems a defect must give: `expected`, then `also`. */
export function expectedProblems(defect: Defect): ExpectedProblem[] {
  return [...(defect.expected ? [defect.expected] : []), ...(defect.also ?? [])];
}

function locate(
  defect: Defect,
  written: string,
  before: string[],
  after: string[],
): ExpectedLocation[] {
  return expectedProblems(defect).map((problem) => {
    const row =
      typeof problem.row === 'function'
        ? problem.row(before)
        : problem.row || after.findIndex((line, i) => line !== before[i]) + 1;
    const location: SourceLocation = {
      file: problem.file ?? written,
      ...(problem.sheet ? { sheet: problem.sheet } : {}),
      row,
      ...(problem.column ? { column: problem.column } : {}),
    };
    return { problem, location, ...(problem.says ? { says: problem.says(before) } : {}) };
  });
}

/** Text of the lines with some of them in Windows-1252 (the rest UTF-8), as one file. */
export function mixedEncoding(lines: readonly string[], windows1252: ReadonlySet<number>): Buffer {
  return Buffer.concat(
    lines.flatMap((line, i) => [
      ...(i > 0 ? [Buffer.from('\n')] : []),
      // Latin-1 and Windows-1252 agree on every letter used here (ü is 0xFC in both).
      Buffer.from(line, windows1252.has(i) ? 'latin1' : 'utf8'),
    ]),
  );
}

/** UTF-16 little-endian with a byte-order mark and Windows line breaks, as Excel saves "Unicode text". */
export function utf16WithBom(utf8: Buffer): Buffer {
  const text = utf8.toString('utf8').replaceAll('\n', '\r\n');
  return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
}

/** The 1-based column number of a header in a CSV header line. */
export function columnNumber(header: string, name: string): number {
  const index = cells(header).indexOf(name);
  if (index < 0) throw new Error(`no column ${name} in ${header}`);
  return index + 1;
}

/** "A", "B", … for a 1-based column number (up to Z: enough for the generic files). */
export function columnLetter(column: number): string {
  return String.fromCharCode(64 + column);
}

/** Days since Excel's epoch (1899-12-30): what a date cell holds once its formatting is lost. */
export function excelSerial(isoDate: string): number {
  return (Date.parse(isoDate) - Date.UTC(1899, 11, 30)) / 86_400_000;
}
