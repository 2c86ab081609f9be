import type { JournalEntry, JournalLine } from '../../src/ledger/index.js';
import { centsOf, formatCents } from '../../src/money/index.js';
import { cellText } from '../../src/sources/cell.js';
import type { Mapped, TableSpec } from '../../src/sources/table-mapping/table-spec.js';
import { compact, sidesOf } from '../shared/document-parts.js';

const SEEN = 'xero.manualJournalKeys';

/**
 * Xero's manual journal layout (Narration, Date, Description, AccountCode, TaxRate, Amount, tracking):
 * consecutive rows with the same narration and date are one journal, a line per row, positive
 * amounts debits and negative ones credits. Manual journals have no number, so the key is the date
 * and narration, with "#2", "#3" for repeats. Amounts are read as they are: a TaxRate on a line is
 * not split out (docs/mappings.md).
 */
export const xeroManualJournals: TableSpec<'journal-entry'> = {
  id: 'manual_journals',
  entity: 'journal-entry',
  fileNames: ['manual journals', 'manual journal', 'journals'],
  columns: [
    { id: 'Narration', headers: ['Narration', '*Narration'], required: true },
    { id: 'Date', headers: ['Date', '*Date'], required: true },
    { id: 'Description', headers: ['Description', '*Description'] },
    { id: 'AccountCode', headers: ['AccountCode', '*AccountCode', 'Account Code'], required: true },
    { id: 'TaxRate', headers: ['TaxRate', '*TaxRate', 'Tax Rate'] },
    { id: 'Amount', headers: ['Amount', '*Amount'], required: true },
  ],
  dateColumns: ['Date'],
  amountColumns: ['Amount'],
  groupBy: (row) =>
    `${cellText(row.cell('Narration'))}\u0000${cellText(row.cell('Date'))}`.trim() || undefined,
  map(rows, context) {
    const [first] = rows;
    if (!first) return [];
    const narration = first.required('Narration');
    const date = first.date('Date', { required: true });
    const lines: JournalLine[] = [];
    for (const row of rows) {
      const amount = row.money('Amount', { required: true });
      const code = row.required('AccountCode');
      if (amount === undefined || !code) continue;
      const cents = centsOf(amount);
      if (cents === 0n) continue;
      lines.push({
        accountKey: context.index.accountKey(code) ?? code,
        ...sidesOf(cents),
        description: row.text('Description') ?? '',
        source: row.location(),
      });
    }
    const mapped: Mapped<'journal-entry'> = {
      entity: 'journal-entry',
      location: first.location(),
      problems: [],
    };
    if (rows.some((row) => row.failed) || !narration || !date) return [mapped];
    let seen = context.facts.get(SEEN) as Map<string, number> | undefined;
    if (!seen) {
      seen = new Map();
      context.facts.set(SEEN, seen);
    }
    const base = `${date} ${narration}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    const key = count === 1 ? base : `${base} #${count}`;
    const net = lines.reduce((sum, line) => sum + centsOf(line.debit) - centsOf(line.credit), 0n);
    if (lines.length < 2 || net !== 0n) {
      first.fail(
        'journal.not-balanced',
        `Row ${first.row.row}: the manual journal "${narration}" of ${date} ${lines.length < 2 ? 'has fewer than two lines with an amount' : `does not balance (off by ${formatCents(net)})`}; correct it in Xero and export it again.`,
        'Amount',
      );
      return [{ ...mapped, key }];
    }
    const value: JournalEntry = compact({
      key,
      date,
      memo: narration,
      lines,
      source: first.location(),
    });
    return [{ ...mapped, key, value }];
  },
};
