import type { SourceLocation } from '../../ledger/index.js';
import type { SheetColumn } from './table-sheet.js';

/**
 * File, sheet, row and column as four columns, so a consultant can filter on one file and sort by
 * row while working through the source; the HTML page shows the same place as one phrase.
 */
export function locationColumns<T>(
  locationOf: (row: T) => SourceLocation | undefined,
): SheetColumn<T>[] {
  return [
    { header: 'File', value: (row) => locationOf(row)?.file },
    { header: 'Sheet', value: (row) => locationOf(row)?.sheet },
    { header: 'Row', value: (row) => locationOf(row)?.row },
    { header: 'Column', value: (row) => locationOf(row)?.column },
  ];
}
