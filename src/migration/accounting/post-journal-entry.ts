import { centsOf } from '../../money/index.js';
import type { JournalEntry } from '../../ledger/index.js';
import type { Postings } from './books.js';
import type { PostingKeys } from './posting-keys.js';

/**
 * A general journal entry dated on or after the cutover, posted line by line as the legacy books
 * posted it. Lines on receivables or payables land on the workspace's control accounts (no party:
 * docs/accounting.md says what that loses).
 */
export function postJournalEntry(books: Postings, keys: PostingKeys, entry: JournalEntry): void {
  for (const line of entry.lines)
    books.post(keys.of(line.accountKey), entry.date, centsOf(line.debit), centsOf(line.credit));
}
