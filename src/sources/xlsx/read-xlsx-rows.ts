import type { Problem } from '../../ledger/index.js';
import { problemOf } from '../../ledger/problem-catalog.js';
import { UnreadableCell, type CellValue, type RawRow } from '../cell.js';
import { openSheetList, openWorkbookParts, type WorkbookParts } from './workbook-parts.js';
import { numberOf } from './formula/excel-decimal.js';
import { SheetFormulas, type FormulaOutcome, type SavedResult } from './formula/sheet-formulas.js';
import { cellTextTooLong, XLSX_LIMITS, XlsxLimitError } from './xlsx-limits.js';
import { scanXml } from './xml-scanner.js';

export interface XlsxReadOptions {
  path: string;
  file: string;
  /** The sheet to read; the first sheet when absent. */
  sheet?: string | undefined;
  onProblem: (problem: Problem) => void;
  /** Told the name of the sheet actually read, for locations. */
  onSheet?: (name: string) => void;
  /**
   * How many columns of a row the caller reads, once it knows (the header's width): cells past it
   * are dropped as the row is laid out, so a row whose one cell sits at column XFD is not copied
   * into 16,384 slots.
   */
  columnsRead?: () => number | undefined;
}

/** The first merges point the consultant at the problem; a crafted sheet may hold millions. */
const MAX_MERGES_REPORTED = 1000;
/** Day 0 of serials from 61 on: Excel counts a 29 February 1900 that never was. */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
/** Day 0 of serials 1 to 59, the days before that fictitious one (serial 1 is 1 January 1900). */
const EXCEL_EPOCH_BEFORE_MARCH_1900 = Date.UTC(1899, 11, 31);
const FICTITIOUS_1900_02_29 = 60;
const EPOCH_1904_OFFSET = 1462;

/** "C12" → 2 (0-based column). */
function columnOf(reference: string): number {
  let column = 0;
  for (const char of reference) {
    const code = char.charCodeAt(0);
    if (code < 65 || code > 90 || column > XLSX_LIMITS.columns) break;
    column = column * 26 + (code - 64);
  }
  return column - 1;
}

function rowOf(reference: string): number {
  return Number(/\d+$/.exec(reference)?.[0] ?? 0);
}

/**
 * Complete rows are handed on once they hold this many cell slots, without waiting for the chunk's
 * end: a chunk of short rows that each reach column XFD would otherwise be laid out all at once.
 */
const BATCH_CELLS = 1024 * 1024;

/**
 * A row's cells as read, by column: kept sparse, since one cell at column XFD must not cost 16,384
 * slots before the row is clipped to the columns the caller reads; a column given twice holds its
 * last value, so a row stays within Excel's 16,384 columns however many cells it repeats.
 */
type SparseCells = Map<number, CellValue>;

/** The row's cells in their columns, up to its last cell read and never past `width`. */
function layOut(sparse: SparseCells, width: number): CellValue[] {
  let used = 0;
  for (const [column] of sparse) if (column < width) used = Math.max(used, column + 1);
  const cells = new Array<CellValue>(used).fill(undefined);
  for (const [column, value] of sparse) if (column < used) cells[column] = value;
  return cells;
}

function tooManyCells(row: number): XlsxLimitError {
  return new XlsxLimitError(
    'xlsx.too-many-cells',
    `the sheet lays out more than ${XLSX_LIMITS.sheetCells.toLocaleString('en-US')} cells (1,048,576 rows of 64 columns), far beyond a ledger export`,
    row,
  );
}

/**
 * A cell reference written twice in one row: Excel calls such a file damaged, and which value it
 * would show is a guess, so the sheet ends here rather than take the last one.
 */
function writtenTwice(reference: string, row: number): XlsxLimitError {
  return new XlsxLimitError(
    'xlsx.duplicate-cell',
    `cell ${reference.slice(0, 24)} is written twice in the sheet's XML, so which value it holds is unclear (a damaged or crafted file)`,
    row,
    lettersOf(reference),
  );
}

function rowsOutOfOrder(row: number, previous: number): XlsxLimitError {
  return new XlsxLimitError(
    'xlsx.rows-out-of-order',
    `row ${row} comes after row ${previous} in the sheet's XML, but rows must ascend (a repeated or shuffled row is a broken or crafted file)`,
    row,
  );
}

/**
 * A cell or row outside Excel's grid (columns A to XFD, rows 1 to 1,048,576) is a crafted or broken
 * file: refused before the row's cells are laid out, so "FXSHRXW1" cannot ask for 2 billion slots.
 */
function checkGrid(row: number, column: number, reference: string | undefined): void {
  if (Number.isInteger(row) && row >= 1 && row <= XLSX_LIMITS.rows) {
    if (column >= 0 && column < XLSX_LIMITS.columns) return;
  }
  const shown = reference === undefined ? `row ${row}` : `"${reference.slice(0, 24)}"`;
  throw new XlsxLimitError(
    'xlsx.cell-reference-invalid',
    `the cell reference ${shown} lies outside Excel's grid (columns A to XFD, rows 1 to 1,048,576)`,
    Number.isInteger(row) && row >= 1 && row <= XLSX_LIMITS.rows ? row : undefined,
  );
}

interface CellDraft {
  /** Its reference as written, or as its place gives it ("B7"), for messages. */
  reference: string;
  row: number;
  type: string;
  style: number;
  value: string;
  formula: string | undefined;
  inline: string;
  /** Characters of value, formula and inline text together (XLSX_LIMITS.cellChars). */
  chars: number;
}

/** The letters of a cell reference: "B" for "B7". */
function lettersOf(reference: string): string {
  return /^[A-Z]*/.exec(reference)?.[0] ?? '';
}

/** "B" for column 1: the cell reference's letters when a cell is written without one. */
function columnLetters(column: number): string {
  let letters = '';
  for (let rest = column + 1; rest > 0; rest = Math.floor((rest - 1) / 26))
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

/**
 * A shared string the workbook does not hold: Excel itself calls such a file damaged, so the
 * sheet ends here rather than read the cell as blank.
 */
function missingSharedString(cell: CellDraft, parts: WorkbookParts): XlsxLimitError {
  return new XlsxLimitError(
    'xlsx.shared-string-missing',
    `cell ${cell.reference} refers to shared string ${cell.value.slice(0, 24)}, but the workbook holds ${parts.sharedStrings.length.toLocaleString('en-US')} (a damaged or crafted file)`,
    cell.row,
    lettersOf(cell.reference),
  );
}

function valueOf(cell: CellDraft, parts: WorkbookParts): CellValue {
  if (cell.formula !== undefined && cell.value === '' && cell.type !== 'inlineStr') {
    // Only a formula without text of its own gets here (a shared formula's other cells).
    return new UnreadableCell(
      'xlsx.formula-without-result',
      cell.formula === '' ? 'a shared formula' : `the formula =${cell.formula}`,
    );
  }
  switch (cell.type) {
    case 's': {
      const text = /^\d+$/.test(cell.value.trim())
        ? parts.sharedStrings[Number(cell.value)]
        : undefined;
      if (text === undefined) throw missingSharedString(cell, parts);
      return text;
    }
    case 'inlineStr':
      return cell.inline;
    case 'str':
      return cell.value;
    case 'b':
      return cell.value === '1' || cell.value === 'true';
    case 'e':
      return new UnreadableCell('xlsx.error-value', cell.value);
    default: {
      if (cell.value === '') return undefined;
      const number = Number(cell.value);
      if (!Number.isFinite(number)) return cell.value;
      return numberValue(number, cell.style, parts);
    }
  }
}

/** A formula cell's saved result, as `SheetFormulas` checks it. */
function savedOf(cell: CellDraft): SavedResult {
  if (cell.value === '' && cell.type !== 'inlineStr') return undefined;
  if (cell.type === 'e') return { kind: 'failed' };
  if (cell.type !== 'n') return { kind: 'text' };
  const value = Number(cell.value);
  return Number.isFinite(value) ? { kind: 'number', value } : { kind: 'text' };
}

/** What a formula evaluated to, or why not, told where a table reads it. */
const FORMULA_ADVICE: Record<Extract<FormulaOutcome, { kind: 'problem' }>['code'], string> = {
  'xlsx.formula-unsupported':
    'Open the workbook in Excel and save it (Excel saves each result with its formula), or paste the values.',
  'xlsx.formula-unresolved':
    'Open the workbook in Excel and save it (Excel saves each result with its formula), or paste the values.',
  'xlsx.formula-result-differs':
    'Recalculate the workbook in Excel (Formulas, Calculate Now) and save it, or correct the formula.',
};

/** The most of a formula a message quotes. */
const FORMULA_SHOWN = 200;

function formulaValue(cell: CellDraft, outcome: FormulaOutcome, parts: WorkbookParts): CellValue {
  switch (outcome.kind) {
    case 'saved':
      return valueOf(cell, parts);
    case 'value':
      return numberValue(numberOf(outcome.value), cell.style, parts);
    case 'problem': {
      const formula = cell.formula ?? '';
      const shown =
        formula.length > FORMULA_SHOWN ? `${formula.slice(0, FORMULA_SHOWN)}…` : formula;
      return new UnreadableCell(
        outcome.code,
        `the formula =${shown}, ${outcome.reason},`,
        FORMULA_ADVICE[outcome.code],
      );
    }
  }
}

/** A number, or the date it stands for under a date format. */
function numberValue(number: number, style: number, parts: WorkbookParts): CellValue {
  if (!parts.dateStyles.has(style)) return number;
  return dateOfSerial(parts.date1904 ? number + EPOCH_1904_OFFSET : number);
}

/**
 * The date Excel shows for a serial of the 1900 date system. Excel keeps Lotus 1-2-3's 29 February
 * 1900 (serial 60): read as any other day it would silently become the 28th or 1 March, so it is
 * unreadable; serials below 1 show no date in Excel either (an invalid date here).
 */
function dateOfSerial(serial: number): Date | UnreadableCell {
  if (Math.floor(serial) === FICTITIOUS_1900_02_29)
    return new UnreadableCell(
      'xlsx.date-1900-02-29',
      'the date 29 February 1900 (Excel serial 60), a day that never was: Excel counts it only to match Lotus 1-2-3',
      'Type the real date.',
    );
  if (serial < 1) return new Date(Number.NaN);
  const epoch = serial < FICTITIOUS_1900_02_29 ? EXCEL_EPOCH_BEFORE_MARCH_1900 : EXCEL_EPOCH;
  return new Date(epoch + Math.round(serial * 86_400_000));
}

/**
 * Streams the rows of one sheet of an XLSX workbook, in batches: the worksheet part is inflated and tokenised
 * chunk by chunk, so memory stays flat however many rows it has (shared strings and styles, which
 * Excel keeps in separate parts, are read once). Typed cells come through as numbers, booleans and
 * dates; formulas as their saved result, checked against the formula, or without one as the
 * formula's exact value (formula/sheet-formulas.ts), or as an unreadable cell saying why not. A workbook that cannot be read yields one located problem.
 * Vertically merged cells are reported: only the first cell of a merge holds the value.
 */
export async function* readXlsxRows(options: XlsxReadOptions): AsyncGenerator<RawRow[]> {
  let parts: WorkbookParts;
  try {
    parts = await openWorkbookParts(options.path);
  } catch (error) {
    options.onProblem(unreadable(options.file, error));
    return;
  }
  const visible = parts.sheets.filter((candidate) => !candidate.hidden);
  const sheet =
    options.sheet === undefined
      ? visible[0]
      : parts.sheets.find(
          (candidate) => candidate.name.toLowerCase() === options.sheet?.toLowerCase(),
        );
  if (sheet?.hidden || (options.sheet === undefined && !sheet)) {
    options.onProblem(
      hiddenSheet(options.file, sheet?.name ?? parts.sheets[0]?.name ?? '', visible.length === 0),
    );
    return;
  }
  if (!sheet) {
    options.onProblem(
      problemOf(
        'xlsx.sheet-not-found',
        `${options.file} has no sheet named "${options.sheet ?? ''}" (its sheets: ${visible.map((candidate) => candidate.name).join(', ')}).`,
        {
          location: { file: options.file, row: 1 },
        },
      ),
    );
    return;
  }
  options.onSheet?.(sheet.name);
  const merges: string[] = [];
  let row = 0;
  let cells: SparseCells = new Map();
  /** Cell slots laid out so far in this sheet (XLSX_LIMITS.sheetCells). */
  let laidOut = 0;
  const keep = (column: number, value: CellValue) => {
    // An empty cell (a style on its own) takes no slot: only cells that hold something widen a row.
    if (value !== undefined) cells.set(column, value);
    else cells.delete(column);
  };
  const formulas = new SheetFormulas();
  /** The row's formula cells, read when the row ends (a formula may use cells right of it). */
  const formulaCells = new Map<number, CellDraft>();
  const settle = (at: number, draft: CellDraft) => {
    if (draft.formula) {
      formulaCells.set(at, draft);
      formulas.defer(at, draft.formula, savedOf(draft));
      return;
    }
    const value = valueOf(draft, parts);
    // What formulas below may use: the number as stored (a date's serial too), else its kind.
    const number = draft.type === 'n' && draft.value !== '' ? Number(draft.value) : Number.NaN;
    if (Number.isFinite(number)) formulas.record(at, 'number', number);
    else if (value instanceof UnreadableCell) formulas.record(at, 'failed');
    else if (value !== undefined) formulas.record(at, 'text');
    keep(at, value);
  };
  let cell: CellDraft | undefined;
  let column = -1;
  /** Columns of the row's cells so far, to find one written twice (cells normally ascend). */
  let columnsInRow: number[] = [];
  let capture: 'value' | 'formula' | 'inline' | undefined;
  /** Inside a phonetic run (`<rPh>`): its reading is shown above the text, never part of it. */
  let phonetic = false;
  let complete: RawRow[] = [];
  try {
    for await (const batch of scanXml(parts.archive.stream(sheet.part, XLSX_LIMITS.sheetBytes))) {
      complete = [];
      let width = 0;
      for (const event of batch) {
        if (event.type === 'text') {
          if (!cell || !capture) continue;
          cell.chars += event.text.length;
          if (cell.chars > XLSX_LIMITS.cellChars) throw cellTextTooLong('one cell', row);
          if (capture === 'value') cell.value += event.text;
          else if (capture === 'formula') cell.formula = (cell.formula ?? '') + event.text;
          else if (!phonetic) cell.inline += event.text;
        } else if (event.type === 'open') {
          switch (event.name) {
            case 'row': {
              const previous = row;
              row = event.attributes.r ? Number(event.attributes.r) : row + 1;
              checkGrid(row, 0, undefined);
              if (row <= previous) throw rowsOutOfOrder(row, previous);
              cells = new Map();
              column = -1;
              columnsInRow = [];
              formulas.startRow(row);
              formulaCells.clear();
              if (event.selfClosing) complete.push({ row, cells: [] });
              break;
            }
            case 'c': {
              const reference = event.attributes.r;
              const previous = column;
              column = reference ? columnOf(reference) : column + 1;
              checkGrid(reference ? rowOf(reference) : row, column, reference);
              const written = reference ?? `${columnLetters(column)}${row}`;
              if (column <= previous && columnsInRow.includes(column))
                throw writtenTwice(written, row);
              columnsInRow.push(column);
              phonetic = false;
              cell = {
                reference: written,
                row,
                type: event.attributes.t ?? 'n',
                style: Number(event.attributes.s ?? 0),
                value: '',
                formula: undefined,
                inline: '',
                chars: 0,
              };
              if (event.selfClosing) {
                settle(column, cell);
                cell = undefined;
              }
              break;
            }
            case 'v':
              capture = 'value';
              break;
            case 'f':
              if (cell) cell.formula ??= '';
              capture = event.selfClosing ? undefined : 'formula';
              break;
            case 't':
              capture = event.selfClosing ? undefined : 'inline';
              break;
            case 'rPh':
              phonetic = !event.selfClosing;
              break;
            case 'mergeCell': {
              const [from = '', to = ''] = (event.attributes.ref ?? '').split(':');
              if (rowOf(from) !== rowOf(to) && merges.length < MAX_MERGES_REPORTED)
                merges.push(event.attributes.ref ?? '');
              break;
            }
            default:
              break;
          }
        } else if (event.name === 'c') {
          if (cell) settle(column, cell);
          cell = undefined;
          capture = undefined;
        } else if (event.name === 'row') {
          for (const [at, outcome] of formulas.endRow()) {
            const draft = formulaCells.get(at);
            if (draft) keep(at, formulaValue(draft, outcome, parts));
          }
          const laid = layOut(cells, options.columnsRead?.() ?? XLSX_LIMITS.columns);
          laidOut += laid.length;
          if (laidOut > XLSX_LIMITS.sheetCells) throw tooManyCells(row);
          complete.push({ row, cells: laid });
          width += laid.length;
          if (width > BATCH_CELLS) {
            yield complete;
            complete = [];
            width = 0;
          }
        } else if (event.name === 'v' || event.name === 'f' || event.name === 't')
          capture = undefined;
        else if (event.name === 'rPh') phonetic = false;
      }
      if (complete.length) yield complete;
    }
  } catch (error) {
    // The rows finished before the fault are read, as a CSV file's are before a broken record.
    if (complete.length) yield complete;
    options.onProblem(unreadable(options.file, error, row, sheet.name));
    return;
  }
  for (const range of merges) {
    options.onProblem(
      problemOf(
        'xlsx.merged-cells',
        `${options.file} [${sheet.name}] merges cells ${range} across rows: only the first row of a merged range holds the value, so the rows below it read as empty. Unmerge the cells and fill every row.`,
        {
          location: {
            file: options.file,
            sheet: sheet.name,
            row: rowOf(range.split(':')[0] ?? '') || 1,
          },
        },
      ),
    );
  }
}

/**
 * A hidden sheet is never read: the consultant cannot see what it holds (an old copy, a lookup
 * table), so reading it would migrate figures nobody checked.
 */
function hiddenSheet(file: string, sheet: string, noneVisible: boolean): Problem {
  return problemOf(
    'xlsx.sheet-hidden',
    `${file} [${sheet}] is a hidden sheet${noneVisible ? ' (the workbook shows no sheet at all)' : ''}, and hidden sheets are never read. If it holds the data to migrate, Unhide it in Excel (right-click a sheet tab, Unhide) and save the workbook; otherwise name the visible sheet under "files" in the override file.`,
    { location: { file, sheet, row: 1 } },
  );
}

/** Files that are no .xlsx at all: said whole, with their own advice. */
const NOT_XLSX = new Set<string>(['xlsx.encrypted', 'xlsx.legacy-xls']);

function unreadable(file: string, error: unknown, row = 1, sheet?: string): Problem {
  if (error instanceof XlsxLimitError && NOT_XLSX.has(error.code))
    return problemOf(error.code, `${file} ${error.message}.`, { location: { file, row: 1 } });
  if (error instanceof XlsxLimitError) {
    const at = Math.max(error.row ?? row, 1);
    // A fault in one cell is located at it; a limit of the whole sheet at the row reached.
    const location =
      error.column !== undefined && sheet !== undefined
        ? { file, sheet, row: at, column: error.column }
        : { file, row: at };
    return problemOf(
      error.code,
      `${file} stops at row ${at}: ${error.message}. Open it in Excel, check it is the export you expect, and save that sheet as CSV.`,
      { location },
    );
  }
  const reason = error instanceof Error ? error.message : String(error);
  return problemOf(
    'xlsx.unreadable',
    `${file} could not be read as an Excel workbook (${reason}). Open it in Excel and save it again as .xlsx.`,
    {
      location: { file, row: Math.max(row, 1) },
    },
  );
}

/** The names of a workbook's visible sheets, in order: a hidden sheet is never read. */
export async function listSheets(path: string): Promise<string[]> {
  return (await openSheetList(path)).sheets
    .filter((sheet) => !sheet.hidden)
    .map((sheet) => sheet.name);
}
