import { businessRule, validationFailed } from '../http/api-error.js';
import { BodyReader } from '../http/body-reader.js';
import type { RequestContext } from '../http/route.js';
import type { TransactionRecord } from '../state/records.js';
import { checkAccountRef, isBankAccount } from './account-rules.js';
import { findOr404, runBulk } from './shared.js';
import { repostTransaction } from './transaction-posting.js';
import { txView } from './transaction-model.js';

function setExcluded(ctx: RequestContext, transaction: TransactionRecord, excluded: boolean): void {
  if (transaction.assignment)
    throw businessRule('A transaction applied as a payment cannot be excluded.');
  if (transaction.parentUuid) throw businessRule('Exclude the parent of a split, not its rows.');
  transaction.excluded = excluded;
  transaction.updatedAt = ctx.now;
  repostTransaction(ctx.ws, transaction, ctx.now);
  ctx.emit('transaction.updated', txView(ctx, transaction));
}

/** POST /transactions/review-bulk */
export function reviewInBulk(ctx: RequestContext) {
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
}

/** PATCH /transactions/exclude-bulk: by UUIDs, or by a posted-date range on one account. */
export function excludeInBulk(ctx: RequestContext) {
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
}
