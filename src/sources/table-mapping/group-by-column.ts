import { cellText } from '../cell.js';
import type { TableRow } from '../table/table-row.js';

/** Groups consecutive rows by the text of one column (a document number, a payment id). */
export function byColumn(column: string): (row: TableRow) => string | undefined {
  return (row) => cellText(row.cell(column)) || undefined;
}
