import type { SourceLocation } from '../ledger/index.js';
import type { Cents } from '../money/index.js';
import { OffHeapMap } from '../offheap/off-heap-map.js';

/** What validation remembers of a document: enough to check payments and credits against it. */
export interface DocumentSummary {
  entity: 'invoice' | 'bill';
  type: 'invoice' | 'credit-note' | 'bill' | 'vendor-credit';
  partyKey: string;
  /** The document's date (ISO): a payment can only settle a document dated on or before it. */
  date: string;
  currency: string;
  total: Cents;
  /**
   * The total in base currency, as the legacy books recorded it (the total for base documents);
   * undefined for a foreign document whose export does not value it (estimated from the trial
   * balance when open at the cutover).
   */
  baseTotal?: Cents | undefined;
  /** Payments and credits applied so far (for a credit: applications of it). */
  applied: Cents;
  /** Applied by payments and credits dated before the cutover. */
  appliedBeforeCutover: Cents;
  /** Outstanding as of the export, when the export says. */
  amountDue?: Cents | undefined;
  /** Outstanding at the cutover, when the exports say (src/ledger/model.ts). */
  dueAtCutover?: Cents | undefined;
  beforeCutover: boolean;
  status: 'draft' | 'open' | 'paid' | 'void';
  location: SourceLocation;
}

/** A summary as read back: with its place in the stream, which an update keeps. */
export type ReadSummary = DocumentSummary & { readonly order: number };

/** A summary as stored: cents as integer text (MessagePack has no bigint), and its place in the
 *  stream, so the documents can be listed in the order they were read. */
interface StoredSummary extends Omit<
  DocumentSummary,
  'total' | 'baseTotal' | 'applied' | 'appliedBeforeCutover' | 'amountDue' | 'dueAtCutover'
> {
  order: number;
  total: string;
  baseTotal?: string;
  applied: string;
  appliedBeforeCutover: string;
  amountDue?: string;
  dueAtCutover?: string;
}

/**
 * Validation's summary of every invoice, bill and credit, kept off the JavaScript heap. It was the
 * one thing validation held per document, so on the heap it grew with the company.
 */
export class DocumentSummaries {
  private readonly map = OffHeapMap.create<StoredSummary>();
  /**
   * Keys of the documents whose number does not identify them, by entity, that number and party
   * (so that a party's many unnumbered bills do not make every other party's lookups long), and
   * which parties have documents under a number, for references that name no party.
   */
  private readonly numbered = OffHeapMap.create<string[]>();
  private readonly numberParties = OffHeapMap.create<string[]>();
  private count = 0;

  get(entity: 'invoice' | 'bill', key: string): ReadSummary | undefined {
    const stored = this.map.get([entity, key]);
    return stored && summaryOf(stored);
  }

  /**
   * Records a document as read; a repeated key keeps the place of its first reading. Only a key
   * validation has seen before (`repeated`) is looked up: a lookup for every document was 1.6% of
   * validate's main thread at a million records.
   */
  add(entity: 'invoice' | 'bill', key: string, summary: DocumentSummary, repeated = true): void {
    const order = (repeated ? this.map.get([entity, key])?.order : undefined) ?? (this.count += 1);
    this.map.set([entity, key], storedOf(summary, order));
  }

  /** Files a document under the export's number when that number is not its key. */
  addNumber(entity: 'invoice' | 'bill', number: string, partyKey: string, key: string): void {
    const keys = this.numbered.get([entity, number, partyKey]) ?? [];
    this.numbered.set([entity, number, partyKey], [...keys, key]);
    const parties = this.numberParties.get([entity, number]) ?? [];
    if (!parties.includes(partyKey))
      this.numberParties.set([entity, number], [...parties, partyKey]);
  }

  /**
   * The documents filed under a number with `addNumber`, the party's (every party's when none is
   * named), in the order they were read.
   */
  byNumber(
    entity: 'invoice' | 'bill',
    number: string,
    partyKey: string | undefined,
  ): { key: string; summary: ReadSummary }[] {
    const parties =
      partyKey === undefined ? (this.numberParties.get([entity, number]) ?? []) : [partyKey];
    const found: { key: string; summary: ReadSummary }[] = [];
    for (const party of parties) {
      for (const key of this.numbered.get([entity, number, party]) ?? []) {
        const summary = this.get(entity, key);
        if (summary) found.push({ key, summary });
      }
    }
    return found.sort((a, b) => a.summary.order - b.summary.order);
  }

  /** Stores the new state of a summary read with `get` (after a payment, say). */
  update(entity: 'invoice' | 'bill', key: string, summary: ReadSummary): void {
    this.map.set([entity, key], storedOf(summary, summary.order));
  }

  /** Every document with its key, invoices then bills, each in key order. */
  *entries(): Generator<{ key: string; summary: ReadSummary }> {
    for (const [[, key], stored] of this.map.entries()) {
      yield { key: String(key), summary: summaryOf(stored) };
    }
  }

  /** Frees the scratch space once validation is over. */
  clear(): void {
    this.map.clear();
    this.numbered.clear();
    this.numberParties.clear();
  }
}

// Both conversions name every field rather than spread: they run for every document, payment and
// credit read, and a spread of a rest object costs several times a plain literal (a profile of the
// large company's validation had them at a tenth of its time).

function storedOf(summary: DocumentSummary, order: number): StoredSummary {
  const stored: StoredSummary = {
    entity: summary.entity,
    type: summary.type,
    partyKey: summary.partyKey,
    date: summary.date,
    currency: summary.currency,
    order,
    total: summary.total.toString(),
    applied: summary.applied.toString(),
    appliedBeforeCutover: summary.appliedBeforeCutover.toString(),
    beforeCutover: summary.beforeCutover,
    status: summary.status,
    location: summary.location,
  };
  if (summary.baseTotal !== undefined) stored.baseTotal = summary.baseTotal.toString();
  if (summary.amountDue !== undefined) stored.amountDue = summary.amountDue.toString();
  if (summary.dueAtCutover !== undefined) stored.dueAtCutover = summary.dueAtCutover.toString();
  return stored;
}

function summaryOf(stored: StoredSummary): ReadSummary {
  const summary: DocumentSummary & { order: number } = {
    entity: stored.entity,
    type: stored.type,
    partyKey: stored.partyKey,
    date: stored.date,
    currency: stored.currency,
    order: stored.order,
    total: BigInt(stored.total),
    applied: BigInt(stored.applied),
    appliedBeforeCutover: BigInt(stored.appliedBeforeCutover),
    beforeCutover: stored.beforeCutover,
    status: stored.status,
    location: stored.location,
  };
  if (stored.baseTotal !== undefined) summary.baseTotal = BigInt(stored.baseTotal);
  if (stored.amountDue !== undefined) summary.amountDue = BigInt(stored.amountDue);
  if (stored.dueAtCutover !== undefined) summary.dueAtCutover = BigInt(stored.dueAtCutover);
  return summary;
}
