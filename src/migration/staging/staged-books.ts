import { type Cents, centsOf, formatCents } from '../../money/index.js';
import type { PurchaseDocument, SalesDocument } from '../../ledger/index.js';
import { OffHeapMap } from '../../offheap/off-heap-map.js';
import { Books } from '../accounting/books.js';
import { anyForeignCurrency } from '../accounting/exchange-account.js';
import { PostingKeys } from '../accounting/posting-keys.js';
import { RolledForwardBooks } from './rolled-forward-books.js';
import type { DocumentFacts } from '../contracts/stage-manifest.js';
import { emptySettlements, type Settlements } from '../../ledger/open-at-cutover.js';

/** A document's header (its lines are staged, not kept) and facts, by [entity, key], off the heap. */
export type Documents = OffHeapMap<{
  document: SalesDocument | PurchaseDocument;
  facts: DocumentFacts;
}>;

/**
 * What staging learns of the books as it reads, beside the rows it writes: the projected books, the
 * legacy opening balance rolled forward, per-document facts and settlements (off the heap), the dates it has seen, and what the call
 * estimate counts.
 */
export class StagedBooks {
  readonly postingKeys = new PostingKeys();
  readonly books = new Books();
  /** The legacy opening balance rolled forward by the same activity: what verification expects. */
  readonly rolledForward = new RolledForwardBooks();
  readonly documents: Documents = OffHeapMap.create();
  readonly settlements = OffHeapMap.create<SettledText>();
  latestDate: string;
  legacyAsOf = '';
  /**
   * The opening balance of receivables (debit) and payables (credit), base currency: what the
   * documents open at the cutover must add up to (their trial-balance estimate takes the rest).
   */
  readonly openingControl = { receivable: 0n, payable: 0n };
  readonly estimate = { systemAccounts: 0, payments: 0, splitPayments: 0, allocations: 0 };
  readonly creditGroups = new Set<string>();
  readonly vendorCreditGroups = new Set<string>();
  /**
   * The invoices step's reclassification journals: each month with taxed invoices, and each month
   * and account with sales lines on an account other than income (`<month>@<account key>`).
   */
  readonly taxMonths = new Set<string>();
  /** Accounts a sales line may not post to (src/ledger/api-row-rules.ts, `salesLineAccepts`). */
  readonly refusedOnSalesLines = new Set<string>();
  /** The currencies of the staged invoices and bills (the manifest's `documentCurrencies`). */
  readonly documentCurrencies = new Set<string>();

  constructor(
    private readonly window: { cutoverDate: string; endDate?: string; baseCurrency?: string },
  ) {
    this.latestDate = window.cutoverDate;
  }

  /** True when a staged invoice or bill is in another currency than the books'. */
  get hasForeignDocuments(): boolean {
    return anyForeignCurrency(this.documentCurrencies, this.baseCurrency);
  }

  /** The books' currency: foreign documents are projected at their legacy base value. */
  get baseCurrency(): string | undefined {
    return this.window.baseCurrency;
  }

  /**
   * Where one record of activity from the cutover on posts: the projected books and the
   * rolled-forward legacy books alike.
   */
  activity(kind: 'documents' | 'payments' | 'bankLines' | 'journals', date: string, file: string) {
    return this.rolledForward.activity(this.books, { kind, date, file });
  }

  seeDate(date: string): void {
    if (date > this.latestDate) this.latestDate = date;
  }

  /** Adds a payment's or a credit's amount to what settled the document, by when it did. */
  settle(documentKey: string, entity: 'invoice' | 'bill', date: string, amount: Cents): void {
    const id = [entity, documentKey];
    const entry = settledOf(this.settlements.get(id));
    if (date < this.window.cutoverDate) entry.beforeCutover += amount;
    else entry.fromCutover += amount;
    if (this.window.endDate !== undefined && date > this.window.endDate) entry.afterEnd += amount;
    this.settlements.set(id, settledText(entry));
  }
}

/** Settlements of a document as decimal text: the off-heap map keeps no bigint. */
export type SettledText = Record<keyof Settlements, string>;

export function settledOf(text: SettledText | undefined): Settlements {
  if (!text) return emptySettlements();
  return {
    beforeCutover: centsOf(text.beforeCutover),
    fromCutover: centsOf(text.fromCutover),
    afterEnd: centsOf(text.afterEnd),
  };
}

function settledText(settled: Settlements): SettledText {
  return {
    beforeCutover: formatCents(settled.beforeCutover),
    fromCutover: formatCents(settled.fromCutover),
    afterEnd: formatCents(settled.afterEnd),
  };
}
