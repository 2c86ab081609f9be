import type { Cents } from '../../src/money/index.js';
import { businessRule, notFound } from '../http/api-error.js';
import { BodyReader } from '../http/body-reader.js';
import type { DataRoute, RequestContext } from '../http/route.js';
import type { InvoiceRecord } from '../state/records.js';
import { amountDueOf } from './invoice-model.js';
import { invoiceOf, invoiceUpdated, viewOf } from './invoices-endpoints.js';
import {
  applyCredit,
  readCreditRows,
  removeCredit,
  transactionPaymentRoutes,
} from './settlement.js';

function openInvoice(invoice: InvoiceRecord): void {
  if (invoice.invoiceType !== 'invoice')
    throw businessRule(`${invoice.invoiceNumber} is not an invoice.`);
  if (invoice.isDraft)
    throw businessRule(`Invoice ${invoice.invoiceNumber} is a draft; approve it first.`);
}

function approvedMemo(memo: InvoiceRecord): void {
  if (memo.invoiceType !== 'memo')
    throw businessRule(`${memo.invoiceNumber} is not a credit memo.`);
  if (memo.isDraft)
    throw businessRule(
      `Credit memo ${memo.invoiceNumber} must be approved before its credit is applied.`,
    );
}

function lookup(ctx: RequestContext, id: string): InvoiceRecord {
  const document = ctx.ws.invoices.get(id);
  if (!document) throw notFound('Document', id);
  return document;
}

/**
 * Validates a set of credit applications all-or-nothing: approved memos, open invoices of the same
 * customer and currency, each amount within both the memo's credit and the invoice's amountDue.
 */
function applyCredits(
  ctx: RequestContext,
  pairs: Array<{ memo: InvoiceRecord; invoice: InvoiceRecord; amount: Cents }>,
) {
  const creditLeft = new Map<string, Cents>();
  const dueLeft = new Map<string, Cents>();
  for (const { memo, invoice, amount } of pairs) {
    approvedMemo(memo);
    openInvoice(invoice);
    if (memo.customerUuid !== invoice.customerUuid)
      throw businessRule('A memo applies only to invoices of its own customer.');
    if (memo.currency !== invoice.currency)
      throw businessRule('A memo applies only to invoices in its currency.');
    const credit = creditLeft.get(memo.id) ?? amountDueOf(memo);
    const due = dueLeft.get(invoice.id) ?? amountDueOf(invoice);
    if (amount > credit)
      throw businessRule(`The amount exceeds the credit left on memo ${memo.invoiceNumber}.`);
    if (amount > due)
      throw businessRule(`The amount exceeds the amountDue of invoice ${invoice.invoiceNumber}.`);
    creditLeft.set(memo.id, credit - amount);
    dueLeft.set(invoice.id, due - amount);
  }
  for (const { memo, invoice, amount } of pairs) applyCredit(memo, invoice, amount, ctx.now);
  const touched = new Set(pairs.flatMap(({ memo, invoice }) => [memo, invoice]));
  for (const document of touched) ctx.emit('invoice.updated', viewOf(ctx, document));
}

/**
 * A route that applies credit between the document in its path and each document its body lists;
 * `pair` says which of the two is the memo and which the invoice. Answers with the path's document.
 */
function creditRoute(route: {
  path: string;
  listField: string;
  idField: string;
  emptyMessage: string;
  pair(
    pathDocument: InvoiceRecord,
    listed: InvoiceRecord,
  ): { memo: InvoiceRecord; invoice: InvoiceRecord };
}): DataRoute {
  return {
    method: 'PATCH',
    path: route.path,
    handler(ctx) {
      const document = invoiceOf(ctx);
      const { rows, reader } = readCreditRows(
        ctx,
        route.listField,
        route.idField,
        route.emptyMessage,
      );
      applyCredits(
        ctx,
        rows.map(({ id, amount }) => ({ ...route.pair(document, lookup(ctx, id)), amount })),
      );
      return {
        message: 'Credit applied.',
        data: { invoice: viewOf(ctx, document) },
        warnings: reader.warnings,
      };
    },
  };
}

export const invoiceSettlementRoutes: DataRoute[] = [
  creditRoute({
    path: '/invoices/:uuid/apply-credit-to-multiple-invoices',
    listField: 'invoices',
    idField: 'id',
    emptyMessage: 'invoices must list at least one invoice.',
    pair: (memo, invoice) => ({ memo, invoice }),
  }),
  creditRoute({
    path: '/invoices/:uuid/apply-multiple-credit-to-invoice',
    listField: 'memos',
    idField: 'memoId',
    emptyMessage: 'memos must list at least one credit memo.',
    pair: (invoice, memo) => ({ memo, invoice }),
  }),
  {
    method: 'PATCH',
    path: '/invoices/:uuid/remove-credit',
    handler(ctx) {
      const invoice = invoiceOf(ctx);
      const reader = BodyReader.of(ctx.body);
      const memoId = reader.uuid('memoId', { required: true });
      reader.finish();
      reader.assertValid();
      const memo = lookup(ctx, memoId!);
      if (!removeCredit(memo, invoice, ctx.now)) {
        throw businessRule(
          `Memo ${memo.invoiceNumber} is not applied to ${invoice.invoiceNumber}.`,
        );
      }
      ctx.emit('invoice.updated', viewOf(ctx, memo));
      return invoiceUpdated(ctx, invoice, 'Credit removed.', reader);
    },
  },
  ...transactionPaymentRoutes({
    matchingType: 'invoice',
    assign: {
      method: 'PATCH',
      path: '/invoices/:uuid/add-transactions',
      message: 'Transactions applied.',
    },
    unassign: {
      method: 'PATCH',
      path: '/invoices/:uuid/remove-transaction',
      message: 'Transaction removed.',
    },
    payee: invoiceOf,
    documentOf: invoiceOf,
    checkPayable(_ctx, document) {
      if (document.isDraft) throw businessRule('Payments apply to approved documents only.');
      if (document.invoiceType === 'estimate') throw businessRule('Estimates take no payments.');
    },
    updated: invoiceUpdated,
  }),
];
