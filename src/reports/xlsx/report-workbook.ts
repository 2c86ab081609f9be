import { createWriteStream } from 'node:fs';
import ExcelJS from 'exceljs';
import { OWNER_ONLY_FILE } from '../../private-files/private-files.js';

/**
 * A streaming workbook with the conventions every report's workbook shares: styles on, Ledgerlift
 * as creator, and the report's own timestamp as its creation date. Shared strings are off: the
 * writer keeps every distinct string until the end, and a large company's ID map (a key and a UUID
 * for each of hundreds of thousands of rows) took the worker past its heap cap that way
 * (docs/benchmarks.md). Each string is written in its cell instead; the sheet streams to disk.
 */
export function reportWorkbook(
  file: string,
  generatedAt: string,
): ExcelJS.stream.xlsx.WorkbookWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    // Owner-only like every file of a run (src/private-files/private-files.ts).
    stream: createWriteStream(file, { mode: OWNER_ONLY_FILE }),
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Ledgerlift';
  const generated = new Date(generatedAt);
  // An unparseable timestamp must not cost the consultant the workbook: fall back to now.
  workbook.created = Number.isNaN(generated.getTime()) ? new Date() : generated;
  return workbook;
}
