import { money } from '../http/views.js';
import type { TransactionRecord } from '../state/records.js';
import type { WorkspaceData } from '../state/workspace-state.js';
import { tagsOf } from './tags-and-projects.js';
import type { RequestContext } from '../http/route.js';
import { findOr404, uuidParam } from './shared.js';

/** The spec's transaction shape: UUID references under the names `accountId`, `billId`, ... */
export function transactionView(
  ws: WorkspaceData,
  transaction: TransactionRecord,
): Record<string, unknown> {
  const assignment = transaction.assignment;
  const first = assignment?.records[0]?.uuid ?? null;
  return {
    id: transaction.id,
    type: transaction.type,
    description: transaction.description,
    amount: money(transaction.amount),
    currency: transaction.currency,
    postedDate: transaction.postedDate,
    authorizedDate: transaction.authorizedDate,
    notes: transaction.notes,
    paymentChannel: transaction.paymentChannel,
    reviewed: transaction.reviewed,
    excluded: transaction.excluded,
    pending: transaction.pending,
    split: transaction.split,
    parentId: transaction.parentUuid,
    accountId: transaction.accountUuid,
    categoryAccountId: transaction.categoryAccountUuid,
    vendorId: transaction.vendorUuid,
    customerId: transaction.customerUuid,
    projectId: transaction.projectUuid,
    billId: assignment?.matchingType === 'bill' ? first : null,
    invoiceId: assignment?.matchingType === 'invoice' ? first : null,
    payments: (assignment?.records ?? []).map((record) => ({
      matchingType: assignment!.matchingType,
      uuid: record.uuid,
      amount: money(record.amount),
    })),
    tags: tagsOf(ws, transaction.tagUuids),
    createdAt: transaction.createdAt,
    updatedAt: transaction.updatedAt,
  };
}

/** The transaction the request's `:uuid` names, or a 404. */
export function transactionOf(ctx: RequestContext): TransactionRecord {
  return findOr404(ctx.ws.transactions, uuidParam(ctx), 'Transaction');
}

/** The spec's view of a transaction of the request's workspace. */
export function txView(ctx: RequestContext, transaction: TransactionRecord) {
  return transactionView(ctx.ws, transaction);
}
