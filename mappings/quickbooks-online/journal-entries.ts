import type { JournalLine } from '../../src/ledger/index.js';
import { centsOf } from '../../src/money/index.js';
import type { Mapped, TableSpec } from '../../src/sources/table-mapping/table-spec.js';
import { sidesOf } from '../shared/document-parts.js';
import { mappedJournalEntry, noteDroppedParties } from '../shared/journal-entry-mapping.js';
import { journalFile, treatmentOf } from './journal.js';

/**
 * Journal entries from QuickBooks Online's Journal report (the file quickBooksOnlineJournal reads):
 * one entry per "Journal Entry" transaction, a line per account row with its debit or credit, keyed
 * by `Num` (else date and row). A name on the entry is noted and dropped: the workspace's journal
 * lines carry no customer or vendor.
 */
export const quickBooksOnlineJournalEntries: TableSpec<'journal-entry'> = {
  id: 'journal_entries',
  fileId: 'bank_transactions',
  entity: 'journal-entry',
  ...journalFile,
  map(rows, context) {
    const [first] = rows;
    if (!first) return [];
    const typeText = first.text('Transaction Type');
    if (!typeText || treatmentOf(typeText) !== 'journal') return [];
    const date = first.date('Date', { required: true });
    const num = first.text('Num');
    const key = num ? `${typeText} ${num}` : `${typeText} ${first.row.file} row ${first.row.row}`;
    const lines: JournalLine[] = [];
    const names = new Set<string>();
    for (const row of rows) {
      const account = row.text('Account');
      if (!account) continue;
      const debit = row.moneyOrZero('Debit');
      const credit = row.moneyOrZero('Credit');
      const name = row.text('Name');
      if (name) names.add(name);
      if (debit === undefined || credit === undefined) continue;
      const net = centsOf(debit) - centsOf(credit);
      if (net === 0n) continue;
      lines.push({
        accountKey: context.index.accountKey(account) ?? account,
        ...sidesOf(net),
        description: row.text('Memo/Description') ?? '',
        source: row.location(),
      });
    }
    const failed: Mapped<'journal-entry'> = {
      entity: 'journal-entry',
      key,
      location: first.location(),
      problems: [],
    };
    if (rows.some((row) => row.failed) || !date) return [failed];
    if (lines.length < 2) {
      first.fail(
        'journal.not-balanced',
        `${first.row.file} row ${first.row.row}: ${key} has fewer than two lines with an amount, so it is no journal entry the workspace accepts; correct it in QuickBooks Online and export the report again.`,
        'Debit',
      );
      return [failed];
    }
    noteDroppedParties(first, `${key} of ${date}`, names, 'Name');
    return mappedJournalEntry(first, { key, date, number: num, lines }, 'Memo/Description');
  },
};
