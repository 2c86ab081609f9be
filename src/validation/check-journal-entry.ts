import type { RecordOf } from '../ledger/index.js';
import { centsOf } from '../money/index.js';
import { money, type RecordCheck } from './record-check.js';

/**
 * A general journal entry: every line on a known account, debits equal to credits (the API refuses
 * an unbalanced entry), and, before the cutover, skipped because the opening balance holds it.
 */
export function checkJournalEntry(check: RecordCheck, entry: RecordOf<'journal-entry'>): void {
  check.unique();
  const what = `Journal entry "${entry.key}"`;
  let debits = 0n;
  let credits = 0n;
  for (const line of entry.lines) {
    check.account(line.accountKey, `${what} has a line on account`, line.source);
    debits += centsOf(line.debit);
    credits += centsOf(line.credit);
  }
  if (debits !== credits) {
    check.add(
      'journal.not-balanced',
      `${what} of ${entry.date} has debits of ${money(debits)} and credits of ${money(credits)}; a journal entry must balance. Correct the entry in the legacy books and export it again.`,
    );
  }
  check.notAfterEnd(entry.date, what);
  if (entry.date < check.settings.cutoverDate) {
    check.add(
      'date.before-cutover',
      `${what} of ${entry.date} predates the cutover ${check.settings.cutoverDate}; the opening balance covers it, so it is skipped.`,
    );
  }
}
