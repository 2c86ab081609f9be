import type { TableRow } from '../table/table-row.js';
import type { TableSpec } from './table-spec.js';
import { cellText } from '../cell.js';

/**
 * Groups consecutive rows into records: documents and payments span one row per line or allocation,
 * sharing a key; report layouts start a group at a marker row. Works on batches of rows and yields
 * batches of complete groups; only the open group is carried over, so memory stays flat however
 * long the file is.
 */
export async function* groupRows(
  batches: AsyncIterable<TableRow[]>,
  spec: Pick<TableSpec, 'groupBy' | 'startsGroup'>,
): AsyncGenerator<TableRow[][]> {
  const { groupBy, startsGroup } = spec;
  let group: TableRow[] = [];
  let groupKey: string | undefined;
  for await (const batch of batches) {
    if (!groupBy && !startsGroup) {
      yield batch.map((row) => [row]);
      continue;
    }
    const complete: TableRow[][] = [];
    for (const row of batch) {
      if (startsGroup) {
        if (startsGroup(row)) {
          if (group.length) complete.push(group);
          group = [row];
        } else if (group.length) group.push(row);
        continue;
      }
      const key = groupBy?.(row);
      if (key !== undefined && key !== '' && key === groupKey && group.length) {
        group.push(row);
        continue;
      }
      if (group.length) complete.push(group);
      group = [row];
      groupKey = key || undefined;
    }
    // Yielded even when empty, like the batches read (src/sources/table/read-table.ts): the
    // problems the batch's rows gave are emitted between batches, not held to the table's end.
    yield complete;
  }
  if (group.length) yield [group];
}

/** Groups consecutive rows by the text of one column (a document number, a payment id). */
export function byColumn(column: string): (row: TableRow) => string | undefined {
  return (row) => cellText(row.cell(column)) || undefined;
}
