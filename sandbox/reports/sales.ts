import type { Cents } from '../../src/money/index.js';
import { money } from '../http/views.js';
import type { InvoiceRecord } from '../state/records.js';
import type { WorkspaceData } from '../state/workspace-state.js';
import type { ReportFilters } from './report-filters.js';

/** Approved invoices and memos dated in the range; memos count negative (assumption P6). */
function* postedDocuments(
  ws: WorkspaceData,
  filters: ReportFilters,
): Generator<[InvoiceRecord, bigint]> {
  for (const invoice of ws.invoices.values()) {
    if (invoice.isDraft || invoice.invoiceType === 'estimate') continue;
    if (invoice.date < filters.startDate! || invoice.date > filters.endDate!) continue;
    yield [invoice, invoice.invoiceType === 'memo' ? -1n : 1n];
  }
}

export function salesByCustomer(ws: WorkspaceData, filters: ReportFilters) {
  const totals = new Map<string, { count: number; amount: Cents }>();
  let grand = 0n;
  for (const [invoice, sign] of postedDocuments(ws, filters)) {
    const entry = totals.get(invoice.customerUuid) ?? { count: 0, amount: 0n };
    entry.count += 1;
    entry.amount += sign * invoice.total;
    grand += sign * invoice.total;
    totals.set(invoice.customerUuid, entry);
  }
  return {
    report: 'sales-by-customer',
    currency: ws.meta.currency,
    startDate: filters.startDate,
    endDate: filters.endDate,
    rows: [...totals].map(([customerUuid, entry]) => ({
      customerUuid,
      customerName: ws.customers.get(customerUuid)?.customer ?? '',
      documentCount: entry.count,
      amount: money(entry.amount),
    })),
    totals: { amount: money(grand) },
  };
}

export function salesByProduct(ws: WorkspaceData, filters: ReportFilters) {
  const totals = new Map<string, { name: string; amount: Cents }>();
  let grand = 0n;
  for (const [invoice, sign] of postedDocuments(ws, filters)) {
    for (const line of invoice.lines) {
      const key = line.productUuid ?? `free-text:${line.name}`;
      const entry = totals.get(key) ?? { name: line.name, amount: 0n };
      entry.amount += sign * line.amount;
      grand += sign * line.amount;
      totals.set(key, entry);
    }
  }
  return {
    report: 'sales-by-product-service',
    currency: ws.meta.currency,
    startDate: filters.startDate,
    endDate: filters.endDate,
    rows: [...totals].map(([key, entry]) => ({
      productUuid: key.startsWith('free-text:') ? null : key,
      name: entry.name,
      amount: money(entry.amount),
    })),
    totals: { amount: money(grand) },
  };
}
