import type { Problem } from '../../ledger/index.js';
import { problemOf } from '../../ledger/problem-catalog.js';
import type { HeaderMatch } from '../table/find-header.js';
import { TableRow } from '../table/table-row.js';
import { openTextFile, mixedEncodingProblem } from '../text/decode-text.js';
import type { TextEncoding } from '../text/detect-encoding.js';

/**
 * Line handling for IIF text. QuickBooks for Windows writes CRLF, QuickBooks for Mac and some
 * converters write CR alone, others LF: all three end a line.
 */

/**
 * Splits decoded text into complete lines plus the unfinished tail to carry into the next chunk.
 * A chunk ending in CR keeps it in the tail, so a CRLF pair cut between chunks stays one line end.
 */
export function splitIifLines(text: string, final: boolean): { lines: string[]; carry: string } {
  const held = !final && text.endsWith('\r') ? '\r' : '';
  const lines = (held ? text.slice(0, -1) : text).split(/\r\n|\r|\n/);
  if (final) return { lines, carry: '' };
  return { lines, carry: (lines.pop() ?? '') + held };
}

/** Rows that end a block and need no !header of their own. */
const IIF_TERMINATORS = new Set(['ENDTRNS', 'ENDGRP', 'ENDTAX']);

/**
 * True for a line of an IIF file saved with commas instead of tabs (a spreadsheet's "Save as CSV"):
 * no tab, and a record type such as !TRNS or SPL before the first comma.
 */
function isCommaDelimitedIifLine(line: string): boolean {
  return !line.includes('\t') && /^"?!?[A-Za-z]+"?,/.test(line);
}

/** One IIF data row: its record type (TRNS, SPL, ACCNT, ...) and cells named by its !header. */
export interface IifRow {
  type: string;
  row: TableRow;
}

export interface IifReadOptions {
  path: string;
  file: string;
  encoding?: TextEncoding | undefined;
  /** Structural problems are reported once, by the first pass over the file. */
  onProblem?: ((problem: Problem) => void) | undefined;
}

/** Bounds on one line, so a runaway line (40 MB of tabs) is a located problem, not a full heap. */
const MAX_LINE_CHARS = 1024 * 1024;
const MAX_CELLS = 16_384;

/** IIF cells may be quoted ("99,250.02"); quotes inside are doubled. */
function unquote(cell: string): string {
  const trimmed = cell.trim();
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    return trimmed.slice(1, -1).replace(/""/g, '"');
  }
  return trimmed;
}

function headerOf(names: readonly string[]): HeaderMatch {
  const indexes = new Map<string, number>();
  names.forEach((name, index) => {
    if (name && !indexes.has(name)) indexes.set(name, index);
  });
  const written = new Map([...indexes.keys()].map((name) => [name, name]));
  // Some exporters spell the type column TRANSTYPE (test/fixtures/real-world/quickbooks-desktop-iif/
  // minimul-iif-parser/no-matching-header-for-value.iif).
  const transtype = indexes.get('TRANSTYPE');
  if (transtype !== undefined && !indexes.has('TRNSTYPE')) {
    indexes.set('TRNSTYPE', transtype);
    written.set('TRNSTYPE', 'TRANSTYPE');
  }
  return {
    indexes,
    names: written,
    missing: [],
    duplicates: new Map(),
    score: 0,
  };
}

/**
 * Streams the rows of a QuickBooks IIF file, a batch per decoded chunk: tab-separated lines where a `!KEY` row names the
 * columns of the `KEY` rows under it. Lines end in CRLF, LF or CR alone. ENDTRNS, ENDGRP and ENDTAX
 * rows come through even without a header. A row whose type has no header yet is reported
 * (iif.missing-header) and skipped; comma-separated lines are reported once (iif.not-tab-delimited)
 * and skipped; a file without rows is reported (iif.no-rows).
 */
export async function* readIifRows(options: IifReadOptions): AsyncGenerator<IifRow[]> {
  const report = options.onProblem ?? (() => undefined);
  const text = await openTextFile(options.path, options.encoding);
  const headers = new Map<string, HeaderMatch>();
  const reported = new Set<string>();
  // Types declared by a !header with no row under it yet: QuickBooks follows the !INVITEM header
  // with a second one, the layout of group items' members, which must not replace the first.
  const unused = new Set<string>();
  let carry = '';
  let line = 0;
  let rowCount = 0;
  let commaDelimited = false;
  let stopped = false;
  const rowsOf = (block: string, final: boolean): IifRow[] => {
    const rows: IifRow[] = [];
    const split = splitIifLines(block, final);
    carry = split.carry;
    const lines = split.lines;
    // A line longer than the cap already, with no end in sight: read it now, to report it below.
    if (carry.length > MAX_LINE_CHARS) {
      lines.push(carry);
      carry = '';
    }
    for (const raw of lines) {
      line += 1;
      if (isCommaDelimitedIifLine(raw)) {
        if (!commaDelimited) report(notTabDelimited(options.file, line));
        commaDelimited = true;
        continue;
      }
      const cells = raw.split('\t', MAX_CELLS + 1).map(unquote);
      if (raw.length > MAX_LINE_CHARS || cells.length > MAX_CELLS) {
        report(lineTooLarge(options.file, line));
        stopped = true;
        return rows;
      }
      const first = cells[0] ?? '';
      if (cells.every((cell) => cell === '')) continue;
      if (first.startsWith('!')) {
        const declared = first.slice(1).toUpperCase();
        if (!(declared === 'INVITEM' && unused.has(declared)))
          headers.set(declared, headerOf(cells.map((cell) => cell.toUpperCase())));
        unused.add(declared);
        continue;
      }
      const type = first.toUpperCase();
      unused.delete(type);
      rowCount += 1;
      const header =
        headers.get(type) ?? (IIF_TERMINATORS.has(type) ? headerOf([type]) : undefined);
      if (!header) {
        if (!reported.has(type)) {
          reported.add(type);
          report(
            problemOf(
              'iif.missing-header',
              `${options.file} line ${line}: a ${type} row comes before any !${type} header row naming its columns, so it cannot be read. Export the file again from QuickBooks, or add the !${type} header.`,
              {
                location: { file: options.file, row: line },
              },
            ),
          );
        }
        continue;
      }
      rows.push({ type, row: new TableRow(options.file, undefined, { row: line, cells }, header) });
    }
    return rows;
  };
  const reportMixed = () => {
    const mixed = text.mixedLines();
    if (mixed) report(mixedEncodingProblem(options.file, mixed));
  };
  for await (const chunk of text.chunks) {
    yield rowsOf(carry + chunk, false);
    if (stopped) {
      reportMixed();
      return;
    }
  }
  if (carry !== '') yield rowsOf(carry, true);
  reportMixed();
  if (rowCount === 0 && !commaDelimited) report(noRows(options.file));
}

function notTabDelimited(file: string, line: number): Problem {
  return problemOf(
    'iif.not-tab-delimited',
    `${file} line ${line} is separated by commas, not tabs: QuickBooks IIF files are tab-delimited, so its comma-separated lines cannot be read. Export it again from QuickBooks, or open it in a spreadsheet and save it as tab-delimited text with the .iif extension.`,
    { location: { file, row: line } },
  );
}

function noRows(file: string): Problem {
  return problemOf(
    'iif.no-rows',
    `${file} holds no IIF rows (nothing under a !header), so nothing is read from it. If the export should hold data, export it again from QuickBooks; otherwise remove it from the folder.`,
    { location: { file, row: 1 } },
  );
}

function lineTooLarge(file: string, line: number) {
  return problemOf(
    'iif.line-too-large',
    `${file} line ${line} is longer than 1 MiB or has more than ${MAX_CELLS.toLocaleString('en-US')} cells, so the file cannot be read past it. Check that it is the right export; delete that line or export the file again from QuickBooks.`,
    { location: { file, row: line } },
  );
}
