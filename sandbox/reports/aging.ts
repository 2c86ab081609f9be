import { multiplyByRate } from '../../src/money/index.js';
import { toWorkspaceCurrency } from '../state/exchange-rates.js';
import type { Cents } from '../../src/money/index.js';
import { money } from '../http/views.js';
import type { Allocation, SystemRole } from '../state/records.js';
import type { WorkspaceData } from '../state/workspace-state.js';
import type { ReportFilters } from './report-filters.js';

const BUCKETS = ['current', '1-30', '31-60', '61-90', '90+'] as const;
type Bucket = (typeof BUCKETS)[number];

const DAY_MS = 86_400_000;

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

function bucketOf(daysOverdue: number): Bucket {
  if (daysOverdue <= 0) return 'current';
  if (daysOverdue <= 30) return '1-30';
  if (daysOverdue <= 60) return '31-60';
  if (daysOverdue <= 90) return '61-90';
  return '90+';
}

/** What was still open on a document at the as-of date: allocations dated later do not count yet. */
function dueAsOf(total: Cents, allocations: Allocation[], asOf: string): Cents {
  let due = total;
  for (const allocation of allocations) if (allocation.date <= asOf) due -= allocation.amount;
  return due;
}

/**
 * What is due, in the workspace's currency (assumption R34): a fully open foreign document at the
 * value its journal posted, a partly settled one at its posting rate.
 */
function inWorkspaceCurrency(
  due: Cents,
  total: Cents,
  rate: string | undefined,
  lineAmounts: Cents[],
): Cents {
  if (rate === undefined) return due;
  if (due === total)
    return toWorkspaceCurrency(lineAmounts, rate).reduce((sum, amount) => sum + amount, 0n);
  return multiplyByRate(due, rate);
}

interface OpenDocument {
  documentUuid: string;
  documentNumber: string;
  documentType: string;
  counterpartyUuid: string;
  counterpartyName: string;
  date: string;
  dueDate: string | null;
  /** Signed: memos reduce what is owed. */
  amountDue: Cents;
}

function emptyBuckets(): Record<Bucket | 'total', Cents> {
  return { current: 0n, '1-30': 0n, '31-60': 0n, '61-90': 0n, '90+': 0n, total: 0n };
}

function moneyBuckets(buckets: Record<Bucket | 'total', Cents>) {
  return Object.fromEntries(Object.entries(buckets).map(([key, value]) => [key, money(value)]));
}

/** Control account balance on its normal side, from the journal up to the as-of date. */
function controlBalance(
  ws: WorkspaceData,
  accountUuid: string,
  asOf: string,
  debitNormal: boolean,
): Cents {
  let balance = 0n;
  for (const entry of ws.journal.entries.values()) {
    if (entry.date > asOf) continue;
    for (const line of entry.lines) {
      if (line.accountUuid === accountUuid) balance += line.debit - line.credit;
    }
  }
  return debitNormal ? balance : -balance;
}

function agingReport(
  ws: WorkspaceData,
  report: string,
  asOf: string,
  documents: OpenDocument[],
  control: Cents,
) {
  const totals = emptyBuckets();
  const summaries = new Map<
    string,
    { counterpartyUuid: string; counterpartyName: string; buckets: Record<Bucket | 'total', Cents> }
  >();
  const rows = documents.map((document) => {
    const daysOverdue =
      document.dueDate && document.amountDue > 0n
        ? Math.max(0, daysBetween(document.dueDate, asOf))
        : 0;
    const bucket = bucketOf(daysOverdue);
    totals[bucket] += document.amountDue;
    totals.total += document.amountDue;
    let summary = summaries.get(document.counterpartyUuid);
    if (!summary) {
      summary = {
        counterpartyUuid: document.counterpartyUuid,
        counterpartyName: document.counterpartyName,
        buckets: emptyBuckets(),
      };
      summaries.set(document.counterpartyUuid, summary);
    }
    summary.buckets[bucket] += document.amountDue;
    summary.buckets.total += document.amountDue;
    return { ...document, amountDue: money(document.amountDue), daysOverdue, bucket };
  });
  return {
    report,
    currency: ws.meta.currency,
    asOfDate: asOf,
    startDate: null,
    endDate: asOf,
    buckets: BUCKETS,
    rows,
    summaries: [...summaries.values()]
      .sort((a, b) => a.counterpartyName.localeCompare(b.counterpartyName))
      .map((summary) => ({
        counterpartyUuid: summary.counterpartyUuid,
        counterpartyName: summary.counterpartyName,
        ...moneyBuckets(summary.buckets),
      })),
    totals: moneyBuckets(totals),
    reconciliation: {
      controlAccountBalance: money(control),
      agingTotal: money(totals.total),
      difference: money(control - totals.total),
    },
  };
}

/** What aging reads of a document that invoices and bills name alike. */
interface AgedRecord {
  id: string;
  date: string;
  dueDate: string | null;
  total: Cents;
  allocations: Allocation[];
  exchangeRate?: string;
}

/** What aging reads of a document that invoices and bills name differently. */
interface AgedFacts {
  documentNumber: string;
  documentType: string;
  counterpartyUuid: string;
  counterpartyName: string;
  /** A memo reduces what is owed. */
  memo: boolean;
  lineAmounts: Cents[];
}

/** One side of the books to age: its documents, the ones that count, and its control account. */
interface AgedLedger<R extends AgedRecord> {
  report: string;
  records: Iterable<R>;
  counts(record: R): boolean;
  facts(record: R): AgedFacts;
  controlAccount: SystemRole;
  debitNormal: boolean;
}

function agedLedger<R extends AgedRecord>(
  ws: WorkspaceData,
  filters: ReportFilters,
  ledger: AgedLedger<R>,
) {
  const asOf = filters.asOfDate!;
  const documents: OpenDocument[] = [];
  for (const record of ledger.records) {
    if (!ledger.counts(record) || record.date > asOf) continue;
    const due = dueAsOf(record.total, record.allocations, asOf);
    if (due === 0n) continue;
    const { memo, lineAmounts, ...named } = ledger.facts(record);
    const amount = inWorkspaceCurrency(due, record.total, record.exchangeRate, lineAmounts);
    documents.push({
      documentUuid: record.id,
      ...named,
      date: record.date,
      dueDate: record.dueDate,
      amountDue: (memo ? -1n : 1n) * amount,
    });
  }
  const control = controlBalance(ws, ws.system(ledger.controlAccount), asOf, ledger.debitNormal);
  return agingReport(ws, ledger.report, asOf, documents, control);
}

/** Aged receivables (assumption P2): approved invoices and credit memos open at the as-of date. */
export function agedReceivables(ws: WorkspaceData, filters: ReportFilters) {
  return agedLedger(ws, filters, {
    report: 'aged-receivables',
    records: ws.invoices.values(),
    counts: (invoice) => !invoice.isDraft && invoice.invoiceType !== 'estimate',
    facts: (invoice) => ({
      documentNumber: invoice.invoiceNumber,
      documentType: invoice.invoiceType,
      counterpartyUuid: invoice.customerUuid,
      counterpartyName: ws.customers.get(invoice.customerUuid)?.customer ?? '',
      memo: invoice.invoiceType === 'memo',
      lineAmounts: invoice.lines.map((line) => line.amount),
    }),
    controlAccount: 'accountsReceivable',
    debitNormal: true,
  });
}

/** Aged payables (assumption P2): posted bills and vendor memos open at the as-of date. */
export function agedPayables(ws: WorkspaceData, filters: ReportFilters) {
  return agedLedger(ws, filters, {
    report: 'aged-payables',
    records: ws.bills.values(),
    counts: (bill) => !bill.isDeleted && Boolean(bill.journalEntryId),
    facts: (bill) => ({
      documentNumber: bill.billNumber,
      documentType: bill.billType,
      counterpartyUuid: bill.vendorUuid,
      counterpartyName: ws.vendors.get(bill.vendorUuid)?.name ?? '',
      memo: bill.billType === 'vendor_memo',
      lineAmounts: bill.lineItems.map((line) => line.total),
    }),
    controlAccount: 'accountsPayable',
    debitNormal: false,
  });
}
