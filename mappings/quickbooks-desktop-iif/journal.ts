import type { JournalLine } from '../../src/ledger/index.js';
import { centsOf, formatCents } from '../../src/money/index.js';
import type { MappingContext } from '../../src/sources/table-mapping/mapping-context.js';
import type { RowFields } from '../../src/sources/table-mapping/row-fields.js';
import type { AnyMapped } from '../../src/sources/table-mapping/table-spec.js';
import { sidesOf } from '../shared/document-parts.js';
import { mappedJournalEntry, noteDroppedParties } from '../shared/journal-entry-mapping.js';

/** Transaction types whose TRNS line is on the bank account the money moved through. */
export const BANK_SIDED = new Set([
  'CHECK',
  'DEPOSIT',
  'TRANSFER',
  'CASH SALE',
  'CREDIT CARD',
  'CCARD',
  'CCARD REFUND',
  'CASH REFUND',
  'BILL REFUND',
  'BEGINBALCHECK',
]);
const BANK_KINDS = new Set(['bank', 'credit-card']);

export function typeOf(trns: RowFields): string {
  return (trns.text('TRNSTYPE') ?? '').toUpperCase();
}

export function accountKeyOf(row: RowFields, context: MappingContext): string | undefined {
  const name = row.required('ACCNT');
  return name && (context.index.accountKey(name) ?? name);
}

/**
 * The bank account of a bank-sided transaction: its TRNS line's account, when the chart lists it as
 * a bank or credit card account, or does not list it at all (an export of transactions only names
 * the bank account nowhere else; validation still asks for it in the chart). Undefined when the
 * TRNS line is on another kind of account: the transaction is then migrated as a journal entry.
 */
export function bankSideOf(trns: RowFields, context: MappingContext): string | undefined {
  if (!BANK_SIDED.has(typeOf(trns))) return undefined;
  const bank = accountKeyOf(trns, context);
  if (!bank) return undefined;
  const kind = context.index.accountKind(bank);
  return kind === undefined || BANK_KINDS.has(kind) ? bank : undefined;
}

/** Whether the journal pass takes this transaction (see mapIifJournalEntry). */
export function isIifJournal(trns: RowFields, context: MappingContext): boolean {
  const type = typeOf(trns);
  if (type === 'GENERAL JOURNAL') return true;
  return BANK_SIDED.has(type) && trns.text('ACCNT') !== undefined && !bankSideOf(trns, context);
}

/**
 * GENERAL JOURNAL entries, and bank-sided transactions whose TRNS line is not on a bank account
 * (a deposit to Undeposited Funds, say): one journal entry, a line per TRNS and SPL row, positive
 * amounts debits and negative ones credits. A NAME on a line is noted and dropped: the API's
 * journal lines carry no customer or vendor.
 */
export function mapIifJournalEntry(
  trns: RowFields,
  splits: readonly RowFields[],
  context: MappingContext,
): AnyMapped[] {
  if (!isIifJournal(trns, context)) return [];
  const type = typeOf(trns);
  const docnum = trns.text('DOCNUM');
  const date = trns.date('DATE', { required: true });
  const key =
    docnum !== undefined
      ? `${type} ${docnum}`
      : `${type} ${trns.text('TRNSID') ?? `${trns.row.file} line ${trns.row.row}`}`;
  const lines: JournalLine[] = [];
  const parties = new Set<string>();
  for (const row of [trns, ...splits]) {
    const amount = row.money('AMOUNT', { required: true });
    const accountKey = accountKeyOf(row, context);
    if (amount === undefined || !accountKey) continue;
    const cents = centsOf(amount);
    const name = row.text('NAME');
    if (name) parties.add(name);
    if (cents === 0n) continue;
    lines.push({
      accountKey,
      ...sidesOf(cents),
      description: row.text('MEMO') ?? '',
      source: row.location(),
    });
  }
  if ([trns, ...splits].some((row) => row.failed) || !date || lines.length < 2) {
    if (lines.length < 2 && !trns.failed)
      trns.fail(
        'journal.not-balanced',
        `${trns.row.file} line ${trns.row.row}: the ${type} ${docnum ?? ''} has fewer than two non-zero lines, so it is no journal entry the workspace accepts; correct it in the legacy books.`,
        'AMOUNT',
      );
    return [{ entity: 'journal-entry', key, location: trns.location(), problems: [] }];
  }
  const net = lines.reduce((sum, line) => sum + centsOf(line.debit) - centsOf(line.credit), 0n);
  if (net !== 0n) {
    trns.fail(
      'journal.not-balanced',
      `${trns.row.file} line ${trns.row.row}: the ${type} ${docnum ?? ''} does not balance (its lines are off by ${formatCents(net)}), and the workspace takes only balanced journal entries; correct it in the legacy books and export it again.`,
      'AMOUNT',
    );
    return [{ entity: 'journal-entry', key, location: trns.location(), problems: [] }];
  }
  const subject = `${trns.row.file} line ${trns.row.row}: the ${type} ${docnum ?? ''}`;
  noteDroppedParties(trns, subject, parties, 'NAME');
  return mappedJournalEntry(trns, { key, date, number: docnum, lines }, 'MEMO');
}
