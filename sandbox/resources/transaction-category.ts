import { businessRule } from '../http/api-error.js';
import { BodyReader, type PartnerWarning } from '../http/body-reader.js';
import type { RequestContext } from '../http/route.js';
import type { TransactionRecord } from '../state/records.js';
import { findOr404, runBulk } from './shared.js';
import { checkCategory, typeOf } from './transaction-input.js';
import { assignedTotal, magnitude, repostTransaction } from './transaction-posting.js';
import { transactionOf, txView } from './transaction-model.js';

/**
 * Changes a transaction's category. A transaction fully applied as a payment is a 400; one applied
 * in part is recategorized for the unassigned remainder only, with a warning (spec convention 5).
 */
export function changeCategory(
  ctx: RequestContext,
  transaction: TransactionRecord,
  categoryAccountUuid: string | null,
) {
  if (transaction.split)
    throw businessRule('A split transaction is categorized through its child rows.');
  const warnings: PartnerWarning[] = [];
  if (transaction.assignment) {
    if (assignedTotal(transaction) >= magnitude(transaction.amount)) {
      throw businessRule(
        'The transaction is applied in full as a payment; unassign it before recategorizing.',
      );
    }
    warnings.push({
      field: 'categoryAccountUuid',
      reason: 'internal_only',
      message:
        'Applied to the unassigned remainder only: the part paying documents stays on receivables or payables.',
    });
  }
  transaction.categoryAccountUuid = categoryAccountUuid;
  transaction.type = typeOf(ctx.ws, transaction.amount, categoryAccountUuid);
  transaction.updatedAt = ctx.now;
  repostTransaction(ctx.ws, transaction, ctx.now);
  ctx.emit('transaction.updated', txView(ctx, transaction));
  return warnings;
}

function readCategory(ctx: RequestContext, reader: BodyReader): string | null {
  const categoryAccountUuid = reader.uuid('categoryAccountUuid', {
    required: true,
    nullable: true,
  });
  checkCategory(ctx.ws, reader, categoryAccountUuid);
  return categoryAccountUuid ?? null;
}

/** PATCH /transactions/:uuid/change-category */
export function changeCategoryOfOne(ctx: RequestContext) {
  const transaction = transactionOf(ctx);
  const reader = BodyReader.of(ctx.body);
  const category = readCategory(ctx, reader);
  reader.finish();
  reader.assertValid();
  const warnings = changeCategory(ctx, transaction, category);
  return {
    data: { transaction: txView(ctx, transaction) },
    warnings: [...reader.warnings, ...warnings],
  };
}

/** PATCH /transactions/change-category-bulk */
export function changeCategoryInBulk(ctx: RequestContext) {
  return runBulk(ctx, 'transactions', 'transaction', (input) => {
    const reader = BodyReader.of(input);
    const uuid = reader.uuid('uuid', { required: true });
    const category = readCategory(ctx, reader);
    reader.finish();
    reader.assertValid();
    const transaction = findOr404(ctx.ws.transactions, uuid!, 'Transaction');
    const warnings = changeCategory(ctx, transaction, category);
    return {
      status: 'updated',
      id: transaction.id,
      record: txView(ctx, transaction),
      warnings: [...reader.warnings, ...warnings],
    };
  });
}
