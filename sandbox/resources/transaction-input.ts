import { newUuid } from '../ids.js';
import { BodyReader } from '../http/body-reader.js';
import type { RequestContext } from '../http/route.js';
import type { AccountRecord, TransactionRecord } from '../state/records.js';
import type { WorkspaceData } from '../state/workspace-state.js';
import { checkAccountRef, isBankAccount } from './account-rules.js';
import { checkRef } from './shared.js';
import { repostTransaction } from './transaction-posting.js';
import { transactionView } from './transaction-model.js';

/** Fields the service manages on a transaction (internal_only warnings, spec convention 5). */
export const TRANSACTION_READ_ONLY = [
  'id',
  'type',
  'billId',
  'invoiceId',
  'split',
  'parentId',
  'payments',
  'createdAt',
  'updatedAt',
];

/** A category must exist and must not be a receivable or payable control account. */
export function checkCategory(
  ws: WorkspaceData,
  reader: BodyReader,
  id: string | null | undefined,
): AccountRecord | undefined {
  const account = checkAccountRef(ws, reader, 'categoryAccountUuid', id);
  if (account?.systemRole === 'accountsReceivable' || account?.systemRole === 'accountsPayable') {
    reader.fail(
      'categoryAccountUuid',
      'control_account',
      'Receivables and payables are reached by assigning the transaction to documents.',
    );
  }
  return account;
}

export function typeOf(
  ws: WorkspaceData,
  amount: bigint,
  categoryAccountUuid: string | null,
): TransactionRecord['type'] {
  const category = categoryAccountUuid ? ws.accounts.get(categoryAccountUuid) : undefined;
  if (category && isBankAccount(category)) return 'TRANSFER';
  return amount > 0n ? 'INCOME' : 'EXPENSE';
}

export function readTags(ws: WorkspaceData, reader: BodyReader): string[] | undefined {
  const tagUuids = reader.uuidArray('tagUuids');
  for (const id of tagUuids ?? [])
    if (!ws.tags.has(id)) reader.fail('tagUuids', 'not_found', `Tag ${id} was not found.`);
  return tagUuids;
}

/** Creates one transaction (assumption R13); used by the single and bulk routes. */
export function createTransaction(ctx: RequestContext, input: unknown) {
  const { ws } = ctx;
  const reader = BodyReader.of(input);
  const accountUuid = reader.uuid('accountUuid', { required: true });
  const amount = reader.money('amount', { required: true, sign: 'nonZero' });
  const postedDate = reader.date('postedDate', { required: true });
  const authorizedDate = reader.date('authorizedDate', { nullable: true });
  const description = reader.string('description', { allowEmpty: true, max: 1000 }) ?? '';
  const currency = reader.string('currency');
  const categoryAccountUuid = reader.uuid('categoryAccountUuid', { nullable: true });
  const vendorUuid = reader.uuid('vendorUuid', { nullable: true });
  const customerUuid = reader.uuid('customerUuid', { nullable: true });
  const projectUuid = reader.uuid('projectUuid', { nullable: true });
  const notes = reader.string('notes', { allowEmpty: true, max: 10_000 }) ?? '';
  const paymentChannel = reader.string('paymentChannel', { allowEmpty: true, max: 50 }) ?? '';
  const pending = reader.boolean('pending') ?? false;
  const reviewed = reader.boolean('reviewed') ?? false;
  const tagUuids = readTags(ws, reader);
  reader.internalOnly(TRANSACTION_READ_ONLY, 'derived by the service');
  reader.finish();
  const account = checkAccountRef(ws, reader, 'accountUuid', accountUuid);
  if (account && !isBankAccount(account)) {
    reader.fail(
      'accountUuid',
      'not_bank_account',
      `${account.name} is not a bank or credit-card account.`,
    );
  }
  if (account && currency && currency !== account.currency) {
    reader.fail(
      'currency',
      'currency_mismatch',
      `The account ${account.name} is in ${account.currency}.`,
    );
  }
  if (categoryAccountUuid && categoryAccountUuid === accountUuid) {
    reader.fail(
      'categoryAccountUuid',
      'same_account',
      'A transaction cannot be categorized to its own account.',
    );
  }
  checkCategory(ws, reader, categoryAccountUuid);
  checkRef(reader, 'vendorUuid', vendorUuid, ws.vendors, 'Vendor');
  checkRef(reader, 'customerUuid', customerUuid, ws.customers, 'Customer');
  checkRef(reader, 'projectUuid', projectUuid, ws.projects, 'Project');
  reader.assertValid();
  const transaction: TransactionRecord = {
    id: newUuid(),
    type: typeOf(ws, amount!, categoryAccountUuid ?? null),
    description,
    amount: amount!,
    currency: account!.currency,
    postedDate: postedDate!,
    authorizedDate: authorizedDate ?? null,
    notes,
    paymentChannel,
    reviewed,
    excluded: false,
    pending,
    split: false,
    parentUuid: null,
    childUuids: [],
    accountUuid: account!.id,
    categoryAccountUuid: categoryAccountUuid ?? null,
    vendorUuid: vendorUuid ?? null,
    customerUuid: customerUuid ?? null,
    projectUuid: projectUuid ?? null,
    tagUuids: tagUuids ?? [],
    assignment: null,
    journalEntryId: null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  ws.transactions.set(transaction.id, transaction);
  repostTransaction(ws, transaction, ctx.now);
  const view = transactionView(ws, transaction);
  ctx.emit('transaction.created', view);
  return { transaction, view, warnings: reader.warnings };
}
