import { problemOf } from '../../src/ledger/problem-catalog.js';
import type { RowFields } from '../../src/sources/table-mapping/row-fields.js';

/**
 * Document-level values repeat on every line row; when a later row disagrees with the first, the
 * first wins and the consultant is told where, so a mis-sorted export does not pass silently.
 */
export function checkRepeatedValues(rows: readonly RowFields[], columns: readonly string[]): void {
  const [first, ...rest] = rows;
  if (!first) return;
  for (const column of columns) {
    const expected = first.text(column);
    for (const row of rest) {
      const actual = row.text(column);
      if (actual === undefined || actual === expected) continue;
      first.problems.push(
        problemOf(
          'document.inconsistent-rows',
          `${row.where(column)} says "${actual}" but the document's first row (row ${first.row.row}) says "${expected ?? ''}"; the first row's value is used. Check the rows are sorted by document.`,
          { location: row.location(column) },
        ),
      );
      break;
    }
  }
}
