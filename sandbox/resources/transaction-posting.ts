import type { Cents } from '../../src/money/index.js';
import { credit, debit } from '../journal/posting-journal.js';
import type { TransactionRecord } from '../state/records.js';
import type { WorkspaceData } from '../state/workspace-state.js';

/** Magnitude of a signed amount. */
export function magnitude(amount: Cents): Cents {
  return amount < 0n ? -amount : amount;
}

export function assignedTotal(transaction: TransactionRecord): Cents {
  let sum = 0n;
  for (const record of transaction.assignment?.records ?? []) sum += record.amount;
  return sum;
}

/**
 * (Re)posts a transaction's journal (assumptions R13, R14): the bank account against the documents it
 * pays (Accounts Receivable or Payable) and, for what is left, against its category or the
 * uncategorized account of its direction. Excluded transactions and split parents post nothing
 * (the children post instead).
 */
export function repostTransaction(
  ws: WorkspaceData,
  transaction: TransactionRecord,
  now: string,
): void {
  ws.journal.remove(transaction.journalEntryId);
  transaction.journalEntryId = null;
  if (transaction.excluded || transaction.split) return;
  const sign = transaction.amount < 0n ? -1n : 1n;
  const lines = [debit(transaction.accountUuid, transaction.amount, transaction.description)];
  const assigned = assignedTotal(transaction);
  if (transaction.assignment) {
    const control = ws.system(
      transaction.assignment.matchingType === 'invoice' ? 'accountsReceivable' : 'accountsPayable',
    );
    lines.push(credit(control, sign * assigned, transaction.description));
  }
  const remainder = magnitude(transaction.amount) - assigned;
  if (remainder > 0n) {
    const category =
      transaction.categoryAccountUuid ??
      ws.system(transaction.amount > 0n ? 'uncategorizedIncome' : 'uncategorizedExpense');
    lines.push(credit(category, sign * remainder, transaction.description));
  }
  transaction.journalEntryId = ws.journal.post(
    {
      date: transaction.postedDate,
      memo: transaction.description,
      source: { type: 'transaction', uuid: transaction.id },
      lines,
    },
    now,
  );
}
