import type { Cents } from '../../src/money/index.js';
import { credit, debit } from '../journal/posting-journal.js';
import { decimal, money } from '../http/views.js';
import type { Allocation, BillRecord, InvoiceRecord } from '../state/records.js';
import type { WorkspaceData } from '../state/workspace-state.js';
import { baseValueView, requireRate, toWorkspaceCurrency } from '../state/exchange-rates.js';

/** A document that payments and credits are applied to: an invoice, memo, bill or vendor memo. */
export type SettleableDocument = InvoiceRecord | BillRecord;

export function allocatedOf(document: { allocations: Allocation[] }): Cents {
  let sum = 0n;
  for (const allocation of document.allocations) sum += allocation.amount;
  return sum;
}

/** What is still owed (or, on a memo, the credit left to apply). */
export function amountDueOf(document: SettleableDocument): Cents {
  return document.total - allocatedOf(document);
}

/** The raw payment status (spec: unpaid, partial, paid). */
export function paymentStatusOf(document: SettleableDocument): 'unpaid' | 'partial' | 'paid' {
  const due = amountDueOf(document);
  if (due <= 0n) return 'paid';
  return due === document.total ? 'unpaid' : 'partial';
}

/**
 * The derived status (assumption R19): draft; estimates approved or sent; then paid, overdue
 * (invoices past their due date with money owed), partial, sent, and unpaid.
 */
export function invoiceStatusOf(invoice: InvoiceRecord, today: string): string {
  if (invoice.isDraft) return 'draft';
  if (invoice.invoiceType === 'estimate') return invoice.isSent ? 'sent' : 'approved';
  const payment = paymentStatusOf(invoice);
  if (payment === 'paid') return 'paid';
  if (invoice.invoiceType === 'invoice' && invoice.dueDate !== null && invoice.dueDate < today)
    return 'overdue';
  if (payment === 'partial') return 'partial';
  return invoice.isSent ? 'sent' : 'unpaid';
}

export function invoiceView(
  ws: WorkspaceData,
  invoice: InvoiceRecord,
  today: string,
): Record<string, unknown> {
  const view: Record<string, unknown> = {
    id: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    invoiceType: invoice.invoiceType,
    customerUuid: invoice.customerUuid,
    customerName: ws.customers.get(invoice.customerUuid)?.customer ?? null,
  };
  if (invoice.invoiceType === 'memo') view.appliedToInvoiceUuid = invoice.appliedToInvoiceUuid;
  Object.assign(view, {
    date: invoice.date,
    dueDate: invoice.dueDate,
    currency: invoice.currency,
    status: invoiceStatusOf(invoice, today),
    isDraft: invoice.isDraft,
    approved: !invoice.isDraft,
    isSent: invoice.isSent,
    paymentStatus: paymentStatusOf(invoice),
    subtotal: money(invoice.subtotal),
    taxTotal: money(invoice.taxTotal),
    total: money(invoice.total),
    amountDue: money(amountDueOf(invoice)),
    ...baseValueView(
      invoice.exchangeRate,
      invoice.lines.map((line) => line.amount),
    ),
    products: invoice.lines.map((line) => {
      const lineView: Record<string, unknown> = { id: line.id };
      if (line.productUuid) lineView.productUuid = line.productUuid;
      Object.assign(lineView, {
        name: line.name,
        description: line.description,
        quantity: decimal(line.quantity),
        unitPrice: decimal(line.unitPrice),
        price: decimal(line.price),
        nonTaxable: line.nonTaxable,
        categoryAccountUuid: line.categoryAccountUuid,
        taxes: [],
        amount: money(line.amount),
      });
      return lineView;
    }),
    tagUuids: invoice.tagUuids,
    transactions: invoice.allocations
      .filter((allocation) => allocation.kind === 'transaction')
      .map((allocation) => ({
        transactionUuid: allocation.counterpartUuid,
        amount: money(allocation.amount),
        date: allocation.date,
      })),
    appliedCredits: invoice.allocations
      .filter((allocation) => allocation.kind === 'credit')
      .map((allocation) => ({
        [invoice.invoiceType === 'memo' ? 'invoiceUuid' : 'memoUuid']: allocation.counterpartUuid,
        amount: money(allocation.amount),
        date: allocation.date,
      })),
    createdAt: invoice.createdAt,
    updatedAt: invoice.updatedAt,
  });
  return view;
}

/**
 * Posts an approved invoice or memo (assumption R11): Dr Accounts Receivable for the total, Cr each
 * line's income account; a memo posts the reverse. Estimates never post.
 */
export function postInvoice(ws: WorkspaceData, invoice: InvoiceRecord, now: string): void {
  if (invoice.invoiceType === 'estimate' || invoice.isDraft) return;
  const receivable = ws.system('accountsReceivable');
  const sign = invoice.invoiceType === 'memo' ? -1n : 1n;
  // A foreign invoice is valued at the workspace's rate on its date (assumption R34).
  const rate = requireRate(ws.meta, invoice.currency, invoice.date);
  if (rate !== '1') invoice.exchangeRate = rate;
  const amounts = toWorkspaceCurrency(
    invoice.lines.map((line) => line.amount),
    rate,
  );
  const total = rate === '1' ? invoice.total : amounts.reduce((sum, amount) => sum + amount, 0n);
  const lines = [debit(receivable, sign * total, `${invoice.invoiceNumber}`)];
  invoice.lines.forEach((line, index) => {
    lines.push(credit(line.categoryAccountUuid, sign * (amounts[index] ?? 0n), line.name));
  });
  invoice.journalEntryId = ws.journal.post(
    {
      date: invoice.date,
      memo: `${invoice.invoiceType === 'memo' ? 'Credit memo' : 'Invoice'} ${invoice.invoiceNumber}`,
      referenceNumber: invoice.invoiceNumber,
      source: { type: 'invoice', uuid: invoice.id },
      lines,
    },
    now,
  );
}
