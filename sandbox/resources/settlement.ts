import type { Cents } from '../../src/money/index.js';
import { businessRule, notFound } from '../http/api-error.js';
import { BodyReader } from '../http/body-reader.js';
import type { DataRoute, RequestContext, RouteResult } from '../http/route.js';
import type { TransactionRecord, TransactionType } from '../state/records.js';
import type { WorkspaceData } from '../state/workspace-state.js';
import { amountDueOf, type SettleableDocument } from './invoice-model.js';
import { distinct, payableTransaction, wholeTransactionsFit } from './payment-rules.js';
import { magnitude, repostTransaction } from './transaction-posting.js';

export interface PaymentTarget {
  document: SettleableDocument;
  amount: Cents;
}

/** The later of two ISO dates: a credit applies once both documents exist. */
function laterDate(a: string, b: string): string {
  return a > b ? a : b;
}

/** Records a transaction as payment of the targets and reposts its journal against AR or AP. */
export function assignTransaction(
  ws: WorkspaceData,
  transaction: TransactionRecord,
  matchingType: 'bill' | 'invoice',
  targets: PaymentTarget[],
  now: string,
): void {
  const records = transaction.assignment?.records ?? [];
  for (const target of targets) {
    records.push({ uuid: target.document.id, amount: target.amount });
    target.document.allocations.push({
      kind: 'transaction',
      counterpartUuid: transaction.id,
      amount: target.amount,
      date: transaction.postedDate,
    });
    target.document.updatedAt = now;
  }
  transaction.assignment = { matchingType, records };
  transaction.updatedAt = now;
  repostTransaction(ws, transaction, now);
}

/**
 * How a document is paid (spec): an invoice by money in, a bill by money out, and a memo's refund
 * the other way; `balanceName` names the balance in the error when the payment does not fit it.
 */
const PAYMENT_RULES: Record<
  'bill' | 'invoice',
  Record<'document' | 'memo', { expected: TransactionType; balanceName: string }>
> = {
  invoice: {
    document: { expected: 'INCOME', balanceName: 'amountDue' },
    memo: { expected: 'EXPENSE', balanceName: 'credit left' },
  },
  bill: {
    document: { expected: 'EXPENSE', balanceName: 'amountDue' },
    memo: { expected: 'INCOME', balanceName: 'memo balance' },
  },
};

/**
 * Pays one document with whole transactions, each of the direction its kind is paid in and of the
 * document's currency; together they must fit its balance.
 */
function payWithTransactions(
  ws: WorkspaceData,
  document: SettleableDocument,
  matchingType: 'bill' | 'invoice',
  ids: string[],
  now: string,
): void {
  const memo =
    'billType' in document ? document.billType === 'vendor_memo' : document.invoiceType === 'memo';
  const { expected, balanceName } = PAYMENT_RULES[matchingType][memo ? 'memo' : 'document'];
  const transactions = distinct(ids).map((id) =>
    payableTransaction(ws, id, expected, document.currency),
  );
  wholeTransactionsFit(transactions, amountDueOf(document), balanceName);
  for (const transaction of transactions) {
    assignTransaction(
      ws,
      transaction,
      matchingType,
      [{ document, amount: magnitude(transaction.amount) }],
      now,
    );
  }
}

/** The body of a route that pays a document: `transactionUuids`, at least one. */
function readTransactionIds(ctx: RequestContext): { ids: string[]; reader: BodyReader } {
  const reader = BodyReader.of(ctx.body);
  const ids = reader.uuidArray('transactionUuids', { required: true });
  reader.finish();
  reader.assertValid();
  if (ids!.length === 0) throw businessRule('transactionUuids must list at least one transaction.');
  return { ids: ids!, reader };
}

/**
 * Removes the payment of `document` by the transaction the body's `transactionUuid` names, which
 * must be applied to it. Returns the body's reader, for its warnings.
 */
function unpayFromBody(
  ctx: RequestContext,
  document: SettleableDocument,
  matchingType: 'bill' | 'invoice',
): BodyReader {
  const reader = BodyReader.of(ctx.body);
  const transactionId = reader.uuid('transactionUuid', { required: true })!;
  reader.finish();
  reader.assertValid();
  const { ws, now } = ctx;
  const transaction = ws.transactions.get(transactionId);
  if (!transaction) throw notFound('Transaction', transactionId);
  const assignment = transaction.assignment;
  if (
    assignment?.matchingType !== matchingType ||
    !assignment.records.some((record) => record.uuid === document.id)
  ) {
    const noun = matchingType === 'bill' ? 'bill' : 'document';
    throw businessRule(`The transaction is not applied to this ${noun}.`);
  }
  unassignTransaction(ws, transaction, document.id, now);
  return reader;
}

/** Removes a transaction's payment of one document (or of all of them) and reposts its journal. */
function unassignTransaction(
  ws: WorkspaceData,
  transaction: TransactionRecord,
  documentId: string | null,
  now: string,
): void {
  const assignment = transaction.assignment;
  if (!assignment) return;
  const documents = assignment.matchingType === 'invoice' ? ws.invoices : ws.bills;
  for (const record of assignment.records) {
    if (documentId !== null && record.uuid !== documentId) continue;
    const document = documents.get(record.uuid);
    if (document) {
      document.allocations = document.allocations.filter(
        (allocation) =>
          !(allocation.kind === 'transaction' && allocation.counterpartUuid === transaction.id),
      );
      document.updatedAt = now;
    }
  }
  const remaining = assignment.records.filter(
    (record) => documentId !== null && record.uuid !== documentId,
  );
  transaction.assignment = remaining.length > 0 ? { ...assignment, records: remaining } : null;
  transaction.updatedAt = now;
  repostTransaction(ws, transaction, now);
}

/** Applies a credit memo (or vendor memo) to a document: no journal, both stay in the control account. */
export function applyCredit(
  memo: SettleableDocument,
  target: SettleableDocument,
  amount: Cents,
  now: string,
): void {
  const date = laterDate(memo.date, target.date);
  memo.allocations.push({ kind: 'credit', counterpartUuid: target.id, amount, date });
  target.allocations.push({ kind: 'credit', counterpartUuid: memo.id, amount, date });
  memo.updatedAt = now;
  target.updatedAt = now;
}

/** Unapplies every credit between a memo and a document; returns whether there was any. */
export function removeCredit(
  memo: SettleableDocument,
  target: SettleableDocument,
  now: string,
): boolean {
  const before = target.allocations.length;
  target.allocations = target.allocations.filter(
    (allocation) => !(allocation.kind === 'credit' && allocation.counterpartUuid === memo.id),
  );
  memo.allocations = memo.allocations.filter(
    (allocation) => !(allocation.kind === 'credit' && allocation.counterpartUuid === target.id),
  );
  memo.updatedAt = now;
  target.updatedAt = now;
  return target.allocations.length !== before;
}

/**
 * Reads a body listing credit applications, `{ [idField]: uuid, amount }` rows under `listField`,
 * and rejects an empty list with `emptyMessage` once every field is valid.
 */
export function readCreditRows(
  ctx: RequestContext,
  listField: string,
  idField: string,
  emptyMessage: string,
): { rows: Array<{ id: string; amount: Cents }>; reader: BodyReader } {
  const { fields: rows, reader } = BodyReader.read(ctx.body, (body) =>
    (body.objects(listField, { required: true }) ?? []).map((row) => {
      const id = row.uuid(idField, { required: true });
      const amount = row.money('amount', { required: true, sign: 'positive' });
      row.finish();
      return { id: id!, amount: amount! };
    }),
  );
  if (rows.length === 0) throw businessRule(emptyMessage);
  return { rows, reader };
}

interface PaymentAction {
  method: 'POST' | 'PATCH';
  path: string;
  /** The answer's message. */
  message: string;
}

/** How one kind of document is paid by, and released from, whole bank transactions. */
export interface TransactionPayments<D extends SettleableDocument> {
  matchingType: 'bill' | 'invoice';
  assign: PaymentAction;
  unassign: PaymentAction;
  /** The document a payment is assigned to; may refuse it before the body is read. */
  payee(ctx: RequestContext): D;
  /** The document a payment is taken off. */
  documentOf(ctx: RequestContext): D;
  /** Refuses a document that takes no payment; runs once the body is valid. */
  checkPayable(ctx: RequestContext, document: D): void;
  updated(ctx: RequestContext, document: D, message: string, reader: BodyReader): RouteResult;
}

/** The two routes that assign transactions as payments of a document and unassign one. */
export function transactionPaymentRoutes<D extends SettleableDocument>(
  payments: TransactionPayments<D>,
): DataRoute[] {
  const { matchingType, assign, unassign } = payments;
  return [
    {
      method: assign.method,
      path: assign.path,
      handler(ctx) {
        const document = payments.payee(ctx);
        const { ids, reader } = readTransactionIds(ctx);
        payments.checkPayable(ctx, document);
        payWithTransactions(ctx.ws, document, matchingType, ids, ctx.now);
        return payments.updated(ctx, document, assign.message, reader);
      },
    },
    {
      method: unassign.method,
      path: unassign.path,
      handler(ctx) {
        const document = payments.documentOf(ctx);
        const reader = unpayFromBody(ctx, document, matchingType);
        return payments.updated(ctx, document, unassign.message, reader);
      },
    },
  ];
}
