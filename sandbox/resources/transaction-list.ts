import { validationFailed } from '../http/api-error.js';
import { pageOf, readPage } from '../http/page-request.js';
import { QueryReader } from '../http/query-reader.js';
import type { RequestContext } from '../http/route.js';
import type { TransactionRecord } from '../state/records.js';
import { txView } from './transaction-model.js';

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

/** GET /transactions: filtered, newest first, paged. */
export function listTransactions(ctx: RequestContext) {
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
        throw validationFailed(`transactionTypes: "${part}" is not Expense, Income or Transfer.`);
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
      if (categoryAccountUuid && transaction.categoryAccountUuid !== categoryAccountUuid) continue;
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
}
