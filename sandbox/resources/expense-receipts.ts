import { newUuid } from '../ids.js';
import { businessRule, notFound, validationFailed } from '../http/api-error.js';
import { BodyReader } from '../http/body-reader.js';
import type { DataRoute, RequestContext } from '../http/route.js';
import { money } from '../http/views.js';
import type { ExpenseReceiptRecord } from '../state/records.js';
import type { WorkspaceData } from '../state/workspace-state.js';
import { checkAccountRef } from './account-rules.js';
import { checkRef, findOr404, newestFirstListRoute, uuidParam } from './shared.js';

function ref(ws: WorkspaceData, id: string | null, kind: 'account' | 'vendor') {
  if (!id) return null;
  const name = kind === 'account' ? ws.accounts.get(id)?.name : ws.vendors.get(id)?.name;
  return { uuid: id, name: name ?? null };
}

/** receiptUrl is never returned (spec). */
function receiptView(ws: WorkspaceData, receipt: ExpenseReceiptRecord) {
  return {
    id: receipt.id,
    amount: money(receipt.amount),
    currency: receipt.currency,
    date: receipt.date,
    description: receipt.description,
    matched: receipt.matchedTransactionUuid !== null,
    matchedTransactionUuid: receipt.matchedTransactionUuid,
    receiptSplited: false,
    account: ref(ws, receipt.accountUuid, 'account'),
    categoryAccount: ref(ws, receipt.categoryAccountUuid, 'account'),
    project: null,
    vendor: ref(ws, receipt.vendorUuid, 'vendor'),
    customer: null,
    tags: [],
    taxes: [],
    createdAt: receipt.createdAt,
    updatedAt: receipt.updatedAt,
  };
}

function receiptOf(ctx: RequestContext) {
  return findOr404(ctx.ws.receipts, uuidParam(ctx), 'Expense receipt');
}

/** Receipt fields (assumption R22: JSON only, no image). */
function applyFields(ctx: RequestContext, receipt: ExpenseReceiptRecord, creating: boolean) {
  const reader = BodyReader.of(ctx.body);
  const amount = reader.money('amount', { required: creating, sign: 'positive' });
  const currency = reader.string('currency');
  const date = reader.date('date', { required: creating });
  const description = reader.string('description', { allowEmpty: true, max: 1000 });
  const accountUuid = reader.uuid('accountUuid', { nullable: true });
  const categoryAccountUuid = reader.uuid('categoryAccountUuid', { nullable: true });
  const vendorUuid = reader.uuid('vendorUuid', { nullable: true });
  reader.internalOnly(
    ['id', 'matched', 'receiptUrl', 'createdAt', 'updatedAt'],
    'managed by the service',
  );
  reader.finish();
  checkAccountRef(ctx.ws, reader, 'accountUuid', accountUuid);
  checkAccountRef(ctx.ws, reader, 'categoryAccountUuid', categoryAccountUuid);
  checkRef(reader, 'vendorUuid', vendorUuid, ctx.ws.vendors, 'Vendor');
  reader.assertValid();
  if (amount !== undefined) receipt.amount = amount;
  if (currency) receipt.currency = currency;
  if (date) receipt.date = date;
  if (description !== undefined && description !== null) receipt.description = description;
  if (accountUuid !== undefined) receipt.accountUuid = accountUuid;
  if (categoryAccountUuid !== undefined) receipt.categoryAccountUuid = categoryAccountUuid;
  if (vendorUuid !== undefined) receipt.vendorUuid = vendorUuid;
  receipt.updatedAt = ctx.now;
  return reader.warnings;
}

function unmatched(receipt: ExpenseReceiptRecord, action: string): void {
  if (receipt.matchedTransactionUuid)
    throw businessRule(`A matched receipt cannot be ${action}; unmatch it first.`);
}

export const expenseReceiptRoutes: DataRoute[] = [
  newestFirstListRoute({
    path: '/expense-receipts',
    key: 'expenseReceipts',
    records: (ws) => ws.receipts,
    view: (receipt, ws) => receiptView(ws, receipt),
  }),
  newestFirstListRoute({
    path: '/expense-receipts/unmatched',
    key: 'expenseReceipts',
    records: (ws) => ws.receipts,
    view: (receipt, ws) => receiptView(ws, receipt),
    keep: (receipt) => receipt.matchedTransactionUuid === null,
  }),
  {
    method: 'POST',
    path: '/expense-receipts',
    handler(ctx) {
      const receipt: ExpenseReceiptRecord = {
        id: newUuid(),
        amount: 0n,
        currency: ctx.ws.meta.currency,
        date: ctx.today,
        description: '',
        matchedTransactionUuid: null,
        accountUuid: null,
        categoryAccountUuid: null,
        vendorUuid: null,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      };
      const warnings = applyFields(ctx, receipt, true);
      ctx.ws.receipts.set(receipt.id, receipt);
      return { status: 201, data: { expenseReceipt: receiptView(ctx.ws, receipt) }, warnings };
    },
  },
  {
    method: 'PATCH',
    path: '/expense-receipts/:uuid',
    handler(ctx) {
      const receipt = receiptOf(ctx);
      unmatched(receipt, 'updated');
      const draft = { ...receipt };
      const warnings = applyFields(ctx, draft, false);
      Object.assign(receipt, draft);
      return { data: { expenseReceipt: receiptView(ctx.ws, receipt) }, warnings };
    },
  },
  {
    method: 'DELETE',
    path: '/expense-receipts/:uuid',
    handler(ctx) {
      const receipt = receiptOf(ctx);
      unmatched(receipt, 'deleted');
      ctx.ws.receipts.delete(receipt.id);
      return {
        message: 'Receipt deleted.',
        data: { expenseReceipt: receiptView(ctx.ws, receipt) },
      };
    },
  },
  {
    method: 'POST',
    path: '/expense-receipts/:uuid/match-manually',
    handler(ctx) {
      const receipt = receiptOf(ctx);
      const reader = BodyReader.of(ctx.body);
      const transactionUuid = reader.uuid('transactionUuid', { required: true });
      reader.finish();
      reader.assertValid();
      const transaction = ctx.ws.transactions.get(transactionUuid!);
      if (!transaction) throw notFound('Transaction', transactionUuid!);
      if (transaction.type !== 'EXPENSE')
        throw validationFailed('A receipt matches an expense transaction.');
      unmatched(receipt, 'matched again');
      receipt.matchedTransactionUuid = transaction.id;
      receipt.updatedAt = ctx.now;
      return { data: { expenseReceipt: receiptView(ctx.ws, receipt) }, warnings: reader.warnings };
    },
  },
  {
    method: 'DELETE',
    path: '/expense-receipts/:uuid/unmatch',
    handler(ctx) {
      const receipt = receiptOf(ctx);
      if (!receipt.matchedTransactionUuid) throw businessRule('The receipt is not matched.');
      receipt.matchedTransactionUuid = null;
      receipt.updatedAt = ctx.now;
      return { data: { expenseReceipt: receiptView(ctx.ws, receipt) } };
    },
  },
];
