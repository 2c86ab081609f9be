import type { BankTransaction } from '../../src/ledger/index.js';
import { centsOf, formatCents } from '../../src/money/index.js';
import { vocabulary } from '../../src/sources/table-mapping/row-fields.js';
import type { Mapped, TableSpec } from '../../src/sources/table-mapping/table-spec.js';
import { isBlankCell } from '../../src/sources/cell.js';
import type { TableRow } from '../../src/sources/table/table-row.js';
import { reportLeftOut } from '../../src/sources/table-mapping/left-out.js';
import { compact } from '../shared/document-parts.js';

export type Treatment = 'bank' | 'carried' | 'journal';

/** How each transaction type of the Journal report is migrated. */
const treatments = vocabulary<Treatment>({
  expense: 'bank',
  check: 'bank',
  cheque: 'bank',
  deposit: 'bank',
  'bank deposit': 'bank',
  transfer: 'bank',
  'cash expense': 'bank',
  'credit card expense': 'bank',
  'credit card credit': 'bank',
  'sales receipt': 'bank',
  refund: 'bank',
  // Carried by the document and payment files.
  invoice: 'carried',
  bill: 'carried',
  payment: 'carried',
  'receive payment': 'carried',
  'bill payment': 'carried',
  'bill payment (check)': 'carried',
  'bill payment (cheque)': 'carried',
  'bill payment (credit card)': 'carried',
  'credit memo': 'carried',
  'vendor credit': 'carried',
  'supplier credit': 'carried',
  'journal entry': 'journal',
  'general journal': 'journal',
});

const BANK_KINDS = new Set(['bank', 'credit-card']);

/** The Journal report's columns, read by both of its tables. */
const journalColumns: TableSpec<'bank-transaction'>['columns'] = [
  { id: 'Date', headers: ['Date', 'Transaction Date'], required: true },
  { id: 'Transaction Type', headers: ['Transaction Type', 'Type'], required: true },
  { id: 'Num', headers: ['Num', 'No.', 'Number'] },
  { id: 'Name', headers: ['Name'] },
  { id: 'Memo/Description', headers: ['Memo/Description', 'Memo', 'Description'] },
  { id: 'Account', headers: ['Account', 'Account full name', 'Split'], required: true },
  { id: 'Debit', headers: ['Debit'], required: true },
  { id: 'Credit', headers: ['Credit'], required: true },
];

/** Each transaction of the report starts with a dated row. */
function journalStartsGroup(row: TableRow): boolean {
  return !isBlankCell(row.cell('Date'));
}

/** The Journal report as both of its tables find and group it. */
export const journalFile = {
  fileNames: ['journal', 'journal report', 'general ledger journal'],
  columns: journalColumns,
  dateColumns: ['Date'],
  amountColumns: ['Debit', 'Credit'],
  startsGroup: journalStartsGroup,
};

/** The treatment of the report's transaction type, when it has one. */
export function treatmentOf(typeText: string): Treatment | undefined {
  return treatments.get(typeText.toLowerCase().replace(/[^a-z0-9]/g, ''));
}

/**
 * Bank transactions from QuickBooks Online's Journal report (title rows, then
 * `,Date,Transaction Type,Num,Name,Memo/Description,Account,Debit,Credit`; each transaction starts
 * with a dated row and ends with a total row). Expenses, cheques, deposits, transfers and sales
 * receipts become one bank transaction per category line, signed as money in or out of the bank
 * line's account; documents and payments come from their own files; journal entries are read by
 * quickBooksOnlineJournalEntries from the same file.
 */
export const quickBooksOnlineJournal: TableSpec<'bank-transaction'> = {
  id: 'bank_transactions',
  entity: 'bank-transaction',
  ...journalFile,
  map(rows, context) {
    const [first] = rows;
    if (!first) return [];
    const typeText = first.required('Transaction Type');
    const date = first.date('Date', { required: true });
    if (!typeText || !date) return [];
    const treatment = treatmentOf(typeText);
    const num = first.text('Num');
    const name = first.text('Name');
    // Journal entries are the journal entries table's (journal-entries.ts).
    if (treatment === 'carried' || treatment === 'journal') return [];
    const lines = rows.flatMap((row) => {
      const account = row.text('Account');
      if (!account) return [];
      const debit = row.moneyOrZero('Debit');
      const credit = row.moneyOrZero('Credit');
      if (debit === undefined || credit === undefined) return [];
      const key = context.index.accountKey(account) ?? account;
      return [
        { row, key, net: centsOf(debit) - centsOf(credit), memo: row.text('Memo/Description') },
      ];
    });
    if (rows.some((row) => row.failed))
      return [{ entity: 'bank-transaction', key: num, location: first.location(), problems: [] }];
    const bank =
      treatment === 'bank'
        ? lines.find((line) => BANK_KINDS.has(context.index.accountKind(line.key) ?? ''))
        : undefined;
    if (!bank) {
      reportLeftOut(first, context, {
        type: typeText,
        date: () => date,
        label: `${first.row.file} row ${first.row.row}: ${typeText}${num ? ` ${num}` : ''}`,
        why: treatment
          ? 'it has no line on a bank or credit card account'
          : 'Ledgerlift does not migrate this transaction type',
        column: 'Transaction Type',
      });
      return [];
    }
    const categories = lines.filter((line) => line !== bank);
    return categories.map((line, index) => {
      const amount = formatCents(-line.net);
      const base = num ?? `${date} ${typeText} ${name ?? ''} ${amount}`.replace(/\s+/g, ' ');
      const key = categories.length > 1 ? `${base}/${index + 1}` : base;
      const value: BankTransaction = compact({
        key,
        bankAccountKey: bank.key,
        date,
        amount,
        description: line.memo ?? first.text('Memo/Description') ?? '',
        payee: name,
        categoryAccountKey: line.key,
        customerKey: name && -line.net > 0n ? context.index.partyKey('customer', name) : undefined,
        vendorKey: name && -line.net < 0n ? context.index.partyKey('vendor', name) : undefined,
        source: line.row.location(),
      });
      const mapped: Mapped<'bank-transaction'> = {
        entity: 'bank-transaction',
        value,
        location: line.row.location(),
        problems: [],
      };
      return mapped;
    });
  },
};
