import { businessRule } from '../http/api-error.js';
import { BodyReader } from '../http/body-reader.js';
import type { DataRoute, RequestContext } from '../http/route.js';
import { checkRef, runBulk } from './shared.js';
import {
  checkCategory,
  createTransaction,
  readTags,
  TRANSACTION_READ_ONLY,
} from './transaction-input.js';
import { repostTransaction } from './transaction-posting.js';
import { transactionOf, txView } from './transaction-model.js';
import {
  changeCategory,
  changeCategoryInBulk,
  changeCategoryOfOne,
} from './transaction-category.js';
import { excludeInBulk, reviewInBulk } from './transaction-exclusion.js';
import { listTransactions } from './transaction-list.js';

function updateTransaction(ctx: RequestContext) {
  const { ws } = ctx;
  const transaction = transactionOf(ctx);
  const reader = BodyReader.of(ctx.body);
  reader.internalOnly(TRANSACTION_READ_ONLY, 'managed by the service');
  const description = reader.string('description', { allowEmpty: true, max: 1000 });
  const notes = reader.string('notes', { allowEmpty: true, max: 10_000 });
  const paymentChannel = reader.string('paymentChannel', { allowEmpty: true, max: 50 });
  const reviewed = reader.boolean('reviewed');
  const pending = reader.boolean('pending');
  const authorizedDate = reader.date('authorizedDate', { nullable: true });
  const postedDate = reader.date('postedDate');
  const amount = reader.money('amount', { sign: 'nonZero' });
  const vendorUuid = reader.uuid('vendorUuid', { nullable: true });
  const customerUuid = reader.uuid('customerUuid', { nullable: true });
  const projectUuid = reader.uuid('projectUuid', { nullable: true });
  const hasCategory = reader.has('categoryAccountUuid');
  const categoryAccountUuid = hasCategory
    ? reader.uuid('categoryAccountUuid', { nullable: true })
    : undefined;
  if (hasCategory) checkCategory(ws, reader, categoryAccountUuid);
  const tagUuids = readTags(ws, reader);
  if (reader.has('accountUuid'))
    reader.fail(
      'accountUuid',
      'immutable',
      'A transaction stays on its account; delete and recreate it instead.',
    );
  if (reader.has('currency'))
    reader.fail('currency', 'immutable', 'A transaction keeps its account currency.');
  reader.finish();
  checkRef(reader, 'vendorUuid', vendorUuid, ws.vendors, 'Vendor');
  checkRef(reader, 'customerUuid', customerUuid, ws.customers, 'Customer');
  checkRef(reader, 'projectUuid', projectUuid, ws.projects, 'Project');
  reader.assertValid();
  const moneyChange =
    (amount !== undefined && amount !== transaction.amount) ||
    (postedDate !== undefined && postedDate !== transaction.postedDate);
  if (moneyChange && (transaction.assignment || transaction.split || transaction.parentUuid)) {
    throw businessRule(
      'Amount and posted date cannot change on a transaction that is assigned, split or a split row.',
    );
  }
  if (
    amount !== undefined &&
    transaction.amount !== amount &&
    amount > 0n !== transaction.amount > 0n
  ) {
    throw businessRule(
      'The amount cannot change sign: money in and money out are different transactions.',
    );
  }
  let warnings = reader.warnings;
  if (description !== undefined && description !== null) transaction.description = description;
  if (notes !== undefined && notes !== null) transaction.notes = notes;
  if (paymentChannel !== undefined && paymentChannel !== null)
    transaction.paymentChannel = paymentChannel;
  if (reviewed !== undefined) transaction.reviewed = reviewed;
  if (pending !== undefined) transaction.pending = pending;
  if (authorizedDate !== undefined) transaction.authorizedDate = authorizedDate;
  if (postedDate) transaction.postedDate = postedDate;
  if (amount !== undefined) transaction.amount = amount;
  if (vendorUuid !== undefined) transaction.vendorUuid = vendorUuid;
  if (customerUuid !== undefined) transaction.customerUuid = customerUuid;
  if (projectUuid !== undefined) transaction.projectUuid = projectUuid;
  if (tagUuids) transaction.tagUuids = tagUuids;
  transaction.updatedAt = ctx.now;
  if (hasCategory && categoryAccountUuid !== transaction.categoryAccountUuid) {
    warnings = [...warnings, ...changeCategory(ctx, transaction, categoryAccountUuid ?? null)];
  } else {
    repostTransaction(ws, transaction, ctx.now);
    ctx.emit('transaction.updated', txView(ctx, transaction));
  }
  return { data: { transaction: txView(ctx, transaction) }, warnings };
}

export const transactionRoutes: DataRoute[] = [
  { method: 'GET', path: '/transactions', handler: listTransactions },
  {
    method: 'GET',
    path: '/transactions/:uuid',
    handler: (ctx) => ({ data: { transaction: txView(ctx, transactionOf(ctx)) } }),
  },
  {
    method: 'POST',
    path: '/transactions',
    handler(ctx) {
      const { view, warnings } = createTransaction(ctx, ctx.body);
      return { status: 201, data: { transaction: view }, warnings };
    },
  },
  {
    method: 'POST',
    path: '/transactions/bulk',
    handler(ctx) {
      return runBulk(ctx, 'transactions', 'transaction', (input) => {
        const { transaction, view, warnings } = createTransaction(ctx, input);
        return { status: 'created', id: transaction.id, record: view, warnings };
      });
    },
  },
  { method: 'PATCH', path: '/transactions/:uuid', handler: updateTransaction },
  { method: 'PATCH', path: '/transactions/:uuid/change-category', handler: changeCategoryOfOne },
  { method: 'PATCH', path: '/transactions/change-category-bulk', handler: changeCategoryInBulk },
  { method: 'POST', path: '/transactions/review-bulk', handler: reviewInBulk },
  { method: 'PATCH', path: '/transactions/exclude-bulk', handler: excludeInBulk },
  { method: 'DELETE', path: '/transactions/:uuid', handler: deleteTransaction },
];

/** DELETE /transactions/:uuid: with its split rows, unless applied as a payment. */
function deleteTransaction(ctx: RequestContext) {
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
