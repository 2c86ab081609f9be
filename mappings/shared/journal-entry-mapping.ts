import type { JournalEntry, JournalLine } from '../../src/ledger/index.js';
import type { RowFields } from '../../src/sources/table-mapping/row-fields.js';
import type { Mapped } from '../../src/sources/table-mapping/table-spec.js';
import { compact } from './document-parts.js';

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

/**
 * The journal entry whose first row is `row`, mapped: its number as the export gives it, its memo
 * read from `memoColumn` (blank is ''), located at that row.
 */
export function mappedJournalEntry(
  row: RowFields,
  entry: { key: string; date: string; number: string | undefined; lines: JournalLine[] },
  memoColumn: string,
): Mapped<'journal-entry'>[] {
  const value: JournalEntry = compact({
    key: entry.key,
    date: entry.date,
    number: entry.number,
    memo: row.text(memoColumn) ?? '',
    lines: entry.lines,
    source: row.location(),
  });
  return [{ entity: 'journal-entry', value, location: row.location(), problems: [] }];
}
