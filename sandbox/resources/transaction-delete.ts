import { businessRule } from '../http/api-error.js';
import type { RequestContext } from '../http/route.js';
import { transactionOf, txView } from './transaction-access.js';

/** DELETE /transactions/:uuid: with its split rows, unless applied as a payment. */
export function deleteTransaction(ctx: RequestContext) {
  const { ws } = ctx;
  const transaction = transactionOf(ctx);
  if (transaction.parentUuid) throw businessRule('A split row is removed by deleting its parent.');
  const family = [
    transaction,
    ...transaction.childUuids
      .map((id) => ws.transactions.get(id))
      .filter((child) => child !== undefined),
  ];
  if (family.some((member) => member.assignment)) {
    throw businessRule('A transaction applied as a payment cannot be deleted; unassign it first.');
  }
  for (const member of family) {
    ws.journal.remove(member.journalEntryId);
    ws.transactions.delete(member.id);
    for (const receipt of ws.receipts.values()) {
      if (receipt.matchedTransactionUuid === member.id) receipt.matchedTransactionUuid = null;
    }
  }
  const view = txView(ctx, transaction);
  ctx.emit('transaction.deleted', view);
  return { message: 'Transaction deleted.', data: { transaction: view } };
}
