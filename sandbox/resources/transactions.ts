import { businessRule, validationFailed } from '../http/api-error.js';
import { BodyReader, type PartnerWarning } from '../http/body-reader.js';
import { pageOf, readPage } from '../http/pagination.js';
import { QueryReader } from '../http/query.js';
import type { DataRoute, RequestContext } from '../http/route.js';
import type { TransactionRecord } from '../state/model.js';
import { checkAccountRef, isBankAccount } from './account-rules.js';
import { checkRef, findOr404, runBulk, uuidParam } from './shared.js';
import {
  checkCategory,
  createTransaction,
  readTags,
  TRANSACTION_READ_ONLY,
  typeOf,
} from './transaction-input.js';
import { transactionView } from './transaction-model.js';
import { assignedTotal, magnitude, repostTransaction } from './transaction-posting.js';

export function transactionOf(ctx: RequestContext): TransactionRecord {
  return findOr404(ctx.ws.transactions, uuidParam(ctx), 'Transaction');
}

export function txView(ctx: RequestContext, transaction: TransactionRecord) {
  return transactionView(ctx.ws, transaction);
}

const TYPE_NAMES: Record<string, TransactionRecord['type']> = {
  expense: 'EXPENSE',
  income: 'INCOME',
  transfer: 'TRANSFER',
};
const STATUSES = [
  'notAttachedBill',
  'notAttachedInvoice',
  'attachedBill',
  'attachedInvoice',
  'categorized',
  'uncategorized',
] as const;

function matchesStatus(transaction: TransactionRecord, status: (typeof STATUSES)[number]): boolean {
  const kind = transaction.assignment?.matchingType;
  switch (status) {
    case 'notAttachedBill':
      return kind !== 'bill';
    case 'notAttachedInvoice':
      return kind !== 'invoice';
    case 'attachedBill':
      return kind === 'bill';
    case 'attachedInvoice':
      return kind === 'invoice';
    case 'categorized':
      return transaction.categoryAccountUuid !== null;
    case 'uncategorized':
      return transaction.categoryAccountUuid === null && !transaction.assignment;
  }
}

/**
 * Changes a transaction's category. A transaction fully applied as a payment is a 400; one applied
 * in part is recategorized for the unassigned remainder only, with a warning (spec convention 5).
 */
function changeCategory(
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

function setExcluded(ctx: RequestContext, transaction: TransactionRecord, excluded: boolean): void {
  if (transaction.assignment)
    throw businessRule('A transaction applied as a payment cannot be excluded.');
  if (transaction.parentUuid) throw businessRule('Exclude the parent of a split, not its rows.');
  transaction.excluded = excluded;
  transaction.updatedAt = ctx.now;
  repostTransaction(ctx.ws, transaction, ctx.now);
  ctx.emit('transaction.updated', txView(ctx, transaction));
}

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
  {
    method: 'GET',
    path: '/transactions',
    handler(ctx) {
      const query = new QueryReader(ctx.query);
      query.rejectLegacy({
        accountId: 'accUuid',
        accId: 'accUuid',
        categoryAccountId: 'categoryAccountUuid',
        vendorId: 'vendorUuid',
        customerId: 'customerUuid',
        projectId: 'projectUuid',
        tagIds: 'tagUuids',
      });
      const typesText = query.alias('transactionTypes', 'type');
      let types: Set<string> | undefined;
      if (typesText) {
        types = new Set();
        for (const part of typesText.split(',')) {
          const type = TYPE_NAMES[part.trim().toLowerCase()];
          if (!type)
            throw validationFailed(
              `transactionTypes: "${part}" is not Expense, Income or Transfer.`,
            );
          types.add(type);
        }
      }
      const reviewed = query.boolean('reviewed');
      const pending = query.boolean('pending');
      const excluded = query.boolean('excluded');
      const currency = query.string('currency');
      const status = query.enumOf('status', STATUSES);
      const accountUuid = query.uuid('accUuid', 'accountUuid');
      const categoryAccountUuid = query.uuid('categoryAccountUuid');
      const vendorUuid = query.uuid('vendorUuid');
      const customerUuid = query.uuid('customerUuid');
      const projectUuid = query.uuid('projectUuid');
      const tagUuids = query.uuidList('tagUuids');
      query.assertValid();
      const page = readPage(ctx.query);
      const key = [
        'transactions',
        typesText,
        reviewed,
        pending,
        excluded,
        currency,
        status,
        accountUuid,
        categoryAccountUuid,
        vendorUuid,
        customerUuid,
        projectUuid,
        tagUuids?.join(','),
      ].join('|');
      const items = ctx.ws.cachedList(key, () => {
        const list: TransactionRecord[] = [];
        for (const transaction of ctx.ws.transactions.values()) {
          if (types && !types.has(transaction.type)) continue;
          if (reviewed !== undefined && transaction.reviewed !== reviewed) continue;
          if (pending !== undefined && transaction.pending !== pending) continue;
          if (excluded !== undefined && transaction.excluded !== excluded) continue;
          if (currency && transaction.currency !== currency) continue;
          if (status && !matchesStatus(transaction, status)) continue;
          if (accountUuid && transaction.accountUuid !== accountUuid) continue;
          if (categoryAccountUuid && transaction.categoryAccountUuid !== categoryAccountUuid)
            continue;
          if (vendorUuid && transaction.vendorUuid !== vendorUuid) continue;
          if (customerUuid && transaction.customerUuid !== customerUuid) continue;
          if (projectUuid && transaction.projectUuid !== projectUuid) continue;
          if (tagUuids && !tagUuids.some((tag) => transaction.tagUuids.includes(tag))) continue;
          list.push(transaction);
        }
        // Newest first by posted date, then by creation (assumption R10); creation order is map order.
        const order = new Map(list.map((transaction, index) => [transaction, index]));
        list.sort((a, b) =>
          a.postedDate < b.postedDate
            ? 1
            : a.postedDate > b.postedDate
              ? -1
              : order.get(b)! - order.get(a)!,
        );
        return list;
      });
      return {
        data: pageOf(items, page, 'transactions', (transaction) => txView(ctx, transaction)),
      };
    },
  },
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
  {
    method: 'PATCH',
    path: '/transactions/:uuid/change-category',
    handler(ctx) {
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
    },
  },
  {
    method: 'PATCH',
    path: '/transactions/change-category-bulk',
    handler(ctx) {
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
    },
  },
  {
    method: 'POST',
    path: '/transactions/review-bulk',
    handler(ctx) {
      const reader = BodyReader.of(ctx.body);
      const reviewed = reader.boolean('reviewed', { required: true });
      reader.assertValid();
      return runBulk(ctx, 'transactionUuids', 'transaction', (input) => {
        if (typeof input !== 'string') throw validationFailed('Each row is a transaction UUID.');
        const transaction = findOr404(ctx.ws.transactions, input, 'Transaction');
        transaction.reviewed = reviewed!;
        transaction.updatedAt = ctx.now;
        ctx.emit('transaction.updated', txView(ctx, transaction));
        return { status: 'updated', id: transaction.id };
      });
    },
  },
  {
    method: 'PATCH',
    path: '/transactions/exclude-bulk',
    handler(ctx) {
      const reader = BodyReader.of(ctx.body);
      const excluded = reader.boolean('excluded', { required: true });
      const from = reader.date('postedDateFrom');
      const to = reader.date('postedDateTo');
      const accountUuid = reader.uuid('accountUuid');
      reader.known('transactionUuids');
      reader.assertValid();
      if (reader.has('transactionUuids')) {
        if (from || to)
          throw validationFailed('Send transactionUuids or a postedDate range, not both.');
        return runBulk(ctx, 'transactionUuids', 'transaction', (input) => {
          if (typeof input !== 'string') throw validationFailed('Each row is a transaction UUID.');
          const transaction = findOr404(ctx.ws.transactions, input, 'Transaction');
          setExcluded(ctx, transaction, excluded!);
          return { status: 'updated', id: transaction.id };
        });
      }
      if (!from || !to)
        throw validationFailed('Send transactionUuids, or postedDateFrom and postedDateTo.');
      const account = accountUuid
        ? checkAccountRef(ctx.ws, reader, 'accountUuid', accountUuid)
        : undefined;
      reader.assertValid();
      if (account && !isBankAccount(account))
        throw validationFailed('accountUuid must be a bank or credit-card account.');
      // A range selects by date; rows applied as payments are reported as failures, not skipped silently.
      const selected = [...ctx.ws.transactions.values()].filter(
        (transaction) =>
          transaction.postedDate >= from &&
          transaction.postedDate <= to &&
          !transaction.parentUuid &&
          (!account || transaction.accountUuid === account.id),
      );
      let errorCount = 0;
      const results = selected.map((transaction, index) => {
        try {
          setExcluded(ctx, transaction, excluded!);
          return { index, status: 'updated', id: transaction.id };
        } catch (error) {
          errorCount += 1;
          return { index, status: 'failed', id: transaction.id, message: (error as Error).message };
        }
      });
      return { status: 201, data: { errorCount, results } };
    },
  },
  {
    method: 'DELETE',
    path: '/transactions/:uuid',
    handler(ctx) {
      const { ws } = ctx;
      const transaction = transactionOf(ctx);
      if (transaction.parentUuid)
        throw businessRule('A split row is removed by deleting its parent.');
      const family = [
        transaction,
        ...transaction.childUuids
          .map((id) => ws.transactions.get(id))
          .filter((child) => child !== undefined),
      ];
      if (family.some((member) => member.assignment)) {
        throw businessRule(
          'A transaction applied as a payment cannot be deleted; unassign it first.',
        );
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
    },
  },
];
