import type { RowFields } from '../../src/sources/table-mapping/row-fields.js';

/**
 * Notes the customers and vendors named on a journal entry's lines, which the workspace's journal
 * lines cannot carry. `subject` names the entry as the consultant finds it in the export.
 */
export function noteDroppedParties(
  row: RowFields,
  subject: string,
  parties: ReadonlySet<string>,
  column: string,
): void {
  if (parties.size === 0) return;
  row.note(
    'journal.party-dropped',
    `${subject} names ${[...parties].map((name) => `"${name}"`).join(', ')}; the workspace's journal lines keep their accounts but no customer or vendor, so they count in no customer's or vendor's balance.`,
    column,
  );
}
