import type { BankTransaction } from '../../src/ledger/index.js';
import type { Mapped, TableSpec } from '../../src/sources/table-mapping/table-spec.js';
import { compact } from '../shared/documents.js';

const SEEN = 'xero.bankTransactionKeys';

/**
 * Xero's bank statement layout (Date, Amount, Payee, Description, Reference, Cheque Number) plus two
 * optional columns Ledgerlift reads when present: "Bank Account" (code or name; otherwise the
 * override file's "bankAccount") and "Account Code" (the category). Statement lines have no id, so
 * the key is derived from date, amount and payee, with "#2", "#3" for repeats: stable across
 * re-exports of the same statement.
 */
export const xeroBankStatement: TableSpec<'bank-transaction'> = {
  id: 'bank_transactions',
  entity: 'bank-transaction',
  fileNames: ['bank statement', 'bank statements', 'bank transactions', 'statement'],
  columns: [
    { id: 'Date', headers: ['Date', 'Transaction Date'], required: true },
    { id: 'Amount', headers: ['Amount'], required: true },
    { id: 'Payee', headers: ['Payee'] },
    { id: 'Description', headers: ['Description', 'Particulars'] },
    { id: 'Reference', headers: ['Reference'] },
    { id: 'Cheque Number', headers: ['Cheque Number', 'Check Number'] },
    { id: 'Bank Account', headers: ['Bank Account', 'BankAccountCode'] },
    { id: 'Account Code', headers: ['Account Code', 'AccountCode'] },
  ],
  dateColumns: ['Date'],
  map([row], context) {
    if (!row) return [];
    const date = row.date('Date', { required: true });
    const amount = row.money('Amount', { required: true });
    const bank = row.text('Bank Account') ?? context.overrides.bankAccount;
    if (!bank) {
      row.fail(
        'value.required',
        `Row ${row.row.row}: the statement line has no bank account. Add a "Bank Account" column, or set "bankAccount" in the override file to the account this statement belongs to.`,
        'Bank Account',
      );
    }
    const payee = row.text('Payee');
    const description = row.text('Description');
    const mapped: Mapped<'bank-transaction'> = {
      entity: 'bank-transaction',
      location: row.location(),
      problems: [],
    };
    if (row.failed || !date || !amount || !bank) return [mapped];
    let seen = context.facts.get(SEEN) as Map<string, number> | undefined;
    if (!seen) {
      seen = new Map();
      context.facts.set(SEEN, seen);
    }
    const base = `${date} ${amount} ${payee ?? description ?? row.text('Reference') ?? ''}`.trim();
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    const key = count === 1 ? base : `${base} #${count}`;
    const category = row.text('Account Code');
    const value: BankTransaction = compact({
      key,
      bankAccountKey: context.index.accountKey(bank) ?? bank,
      date,
      amount,
      description: description ?? '',
      payee,
      reference: row.text('Reference') ?? row.text('Cheque Number'),
      categoryAccountKey: category && (context.index.accountKey(category) ?? category),
      // Money in from a known customer, or out to a known supplier, names them.
      customerKey:
        payee && !amount.startsWith('-') ? context.index.partyKey('customer', payee) : undefined,
      vendorKey:
        payee && amount.startsWith('-') ? context.index.partyKey('vendor', payee) : undefined,
      source: row.location(),
    });
    return [{ ...mapped, key, value }];
  },
};
