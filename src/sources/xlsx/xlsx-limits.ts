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
  ) {
    super(message);
    this.name = 'XlsxLimitError';
  }
}

const MIB = 1024 * 1024;

/** "1 GiB" or "16 MiB", for messages. */
export function sizeText(bytes: number): string {
  return bytes >= 1024 * MIB ? `${bytes / (1024 * MIB)} GiB` : `${bytes / MIB} MiB`;
}
