import type { Cents } from '../../src/money/index.js';
import { businessRule, notFound } from '../http/api-error.js';
import type { TransactionRecord, TransactionType } from '../state/records.js';
import type { WorkspaceData } from '../state/workspace-state.js';
import { magnitude } from './transaction-posting.js';

/**
 * A transaction that may be applied as a payment: of the expected direction, not excluded, not a
 * split parent, not already assigned, and in the document's currency (assumption R14).
 */
export function payableTransaction(
  ws: WorkspaceData,
  uuid: string,
  expected: TransactionType,
  currency: string,
): TransactionRecord {
  const transaction = ws.transactions.get(uuid);
  if (!transaction) throw notFound('Transaction', uuid);
  if (transaction.type !== expected) {
    throw businessRule(
      `Transaction ${uuid} is ${transaction.type}; this payment needs an ${expected} transaction.`,
    );
  }
  if (transaction.excluded) throw businessRule(`Transaction ${uuid} is excluded.`);
  if (transaction.split)
    throw businessRule(`Transaction ${uuid} was split; assign its child rows instead.`);
  if (transaction.assignment)
    throw businessRule(`Transaction ${uuid} is already assigned as a payment.`);
  if (transaction.currency !== currency) {
    throw businessRule(
      `Transaction ${uuid} is in ${transaction.currency}; the document is in ${currency}.`,
    );
  }
  return transaction;
}

/** Whole transactions settle at their full magnitude; together they cannot exceed what is due. */
export function wholeTransactionsFit(
  transactions: TransactionRecord[],
  due: Cents,
  what: string,
): void {
  let sum = 0n;
  for (const transaction of transactions) sum += magnitude(transaction.amount);
  if (sum > due) throw businessRule(`The transactions total more than the ${what}.`);
}

/** Transaction UUIDs of a body, de-duplicated (a transaction cannot pay twice). */
export function distinct(ids: string[]): string[] {
  const unique = [...new Set(ids)];
  if (unique.length !== ids.length) throw businessRule('A transaction is listed twice.');
  return unique;
}
