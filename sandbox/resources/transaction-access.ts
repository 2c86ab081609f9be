import type { RequestContext } from '../http/route.js';
import type { TransactionRecord } from '../state/records.js';
import { findOr404, uuidParam } from './shared.js';
import { transactionView } from './transaction-model.js';

export function transactionOf(ctx: RequestContext): TransactionRecord {
  return findOr404(ctx.ws.transactions, uuidParam(ctx), 'Transaction');
}

export function txView(ctx: RequestContext, transaction: TransactionRecord) {
  return transactionView(ctx.ws, transaction);
}
