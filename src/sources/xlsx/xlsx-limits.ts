import type { ProblemCode } from '../../ledger/problem-catalog.js';

/**
 * What reading one workbook may cost. A workbook comes from a client: its sizes, offsets and
 * references are claims to check, and each limit ends the workbook with a located problem
 * (docs/reliability.md lists them beside the hostile files that hit them).
 */
export const XLSX_LIMITS = {
  /** Inflated bytes of one worksheet: well above Excel's 1,048,576 rows of a ledger export. */
  sheetBytes: 1024 * 1024 * 1024,
  /** Inflated bytes of one small part read whole (workbook, relationships, styles). */
  metadataBytes: 16 * 1024 * 1024,
  /**
   * Inflated bytes of the shared-strings part: kept strings may share memory with the text they
   * were cut from, so the part itself is bounded, not only the strings kept.
   */
  sharedStringsBytes: 64 * 1024 * 1024,
  /** Distinct shared strings kept for the sheet reader. */
  sharedStringCount: 1_048_576,
  /** Characters of all shared strings kept (they stay in memory while the sheet is read). */
  sharedStringChars: 32 * 1024 * 1024,
  /** Characters of one tag or one text run (Excel itself keeps at most 32,767 in a cell). */
  xmlNodeChars: 1024 * 1024,
  /**
   * Characters of one cell across all its parts (every rich-text run of an inline or shared
   * string, its value and formula): Excel's own limit, so a real workbook never reaches it, while
   * the 1 MiB run limit alone would let one cell of many runs fill the heap.
   */
  cellChars: 32_767,
  /**
   * Cell slots laid out per sheet (each row counts up to its last cell read, clipped to the
   * header's width once the header is known): Excel's 1,048,576 rows at 64 columns each, so a
   * ledger of a million records 20 to 40 columns wide fits, and a sheet of far columns or
   * repeated wide rows stops in seconds instead of running for hours.
   */
  sheetCells: 64 * 1_048_576,
  /**
   * Non-blank cells kept for the formulas below them (15 bytes each, outside the JavaScript heap):
   * a formula may refer back this far, about 130,000 rows of a report eight cells wide; a reference
   * further back is a located problem on that formula, never a zero (docs/reliability.md).
   */
  formulaCells: 1_048_576,
  /**
   * Cells a sheet's formulas may look at in all (references looked up, and every kept cell on the
   * rows a SUM range spans): each subtotal of a report looks at its own section, so only a crafted
   * sheet of huge ranges summed again and again reaches it.
   */
  formulaSteps: 16 * 1_048_576,
  /** Excel's own grid: columns A to XFD, rows 1 to 1,048,576. */
  columns: 16_384,
  rows: 1_048_576,
} as const;

/** A workbook over one of XLSX_LIMITS: reported with its own code, never a crash. */
export class XlsxLimitError extends Error {
  constructor(
    readonly code: ProblemCode,
    message: string,
    /** The sheet row reached, when known. */
    readonly row?: number,
    /** The column letters of the cell at fault, when one cell is (B for B7). */
    readonly column?: string,
  ) {
    super(message);
    this.name = 'XlsxLimitError';
  }
}

const MIB = 1024 * 1024;

/** A cell (an inline string, a shared string, a value) holding more than XLSX_LIMITS.cellChars. */
export function cellTextTooLong(what: string, row?: number): XlsxLimitError {
  return new XlsxLimitError(
    'xlsx.cell-text-too-long',
    `${what} holds more than ${XLSX_LIMITS.cellChars.toLocaleString('en-US')} characters across its text runs, Excel's own limit for one cell`,
    row,
  );
}

/** "1 GiB" or "16 MiB", for messages. */
export function sizeText(bytes: number): string {
  return bytes >= 1024 * MIB ? `${bytes / (1024 * MIB)} GiB` : `${bytes / MIB} MiB`;
}
