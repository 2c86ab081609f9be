import type { SourceLocation } from '../ledger/index.js';
import type { Cents } from '../money/index.js';
import { OffHeapMap } from '../offheap/off-heap-map.js';

/** What validation remembers of a document: enough to check payments and credits against it. */
export interface DocumentSummary {
  entity: 'invoice' | 'bill';
  type: 'invoice' | 'credit-note' | 'bill' | 'vendor-credit';
  partyKey: string;
  currency: string;
  total: Cents;
  /** Payments and credits applied so far (for a credit: applications of it). */
  applied: Cents;
  /** Applied by payments and credits dated before the cutover. */
  appliedBeforeCutover: Cents;
  /** Outstanding as of the export, when the export says. */
  amountDue?: Cents | undefined;
  beforeCutover: boolean;
  status: 'draft' | 'open' | 'paid' | 'void';
  location: SourceLocation;
}

/** A summary as stored: cents as integer text (MessagePack has no bigint), and its place in the
 *  stream, so the documents can be listed in the order they were read. */
interface StoredSummary extends Omit<
  DocumentSummary,
  'total' | 'applied' | 'appliedBeforeCutover' | 'amountDue'
> {
  order: number;
  total: string;
  applied: string;
  appliedBeforeCutover: string;
  amountDue?: string;
}

/**
 * Validation's summary of every invoice, bill and credit, kept off the JavaScript heap. It was the
 * one thing validation held per document: about 400 bytes each, 44 MB of the worker's heap while
 * the large benchmark company was staged, and more for a larger company.
 */
export class DocumentSummaries {
  private readonly map = OffHeapMap.create<StoredSummary>();
  private count = 0;

  get(entity: 'invoice' | 'bill', key: string): DocumentSummary | undefined {
    const stored = this.map.get([entity, key]);
    return stored && summaryOf(stored);
  }

  /** Records a new document, or the new state of one already read (after a payment, say). */
  set(entity: 'invoice' | 'bill', key: string, summary: DocumentSummary): void {
    const order = this.map.get([entity, key])?.order ?? (this.count += 1);
    const { total, applied, appliedBeforeCutover, amountDue, ...rest } = summary;
    this.map.set([entity, key], {
      ...rest,
      order,
      total: total.toString(),
      applied: applied.toString(),
      appliedBeforeCutover: appliedBeforeCutover.toString(),
      ...(amountDue === undefined ? {} : { amountDue: amountDue.toString() }),
    });
  }

  /** Every document with its key, invoices then bills, each in key order. */
  *entries(): Generator<{ key: string; order: number; summary: DocumentSummary }> {
    for (const [[, key], stored] of this.map.entries()) {
      yield { key: String(key), order: stored.order, summary: summaryOf(stored) };
    }
  }

  /** Frees the scratch space once validation is over. */
  clear(): void {
    this.map.clear();
  }
}

function summaryOf(stored: StoredSummary): DocumentSummary {
  const { order, total, applied, appliedBeforeCutover, amountDue, ...rest } = stored;
  void order;
  return {
    ...rest,
    total: BigInt(total),
    applied: BigInt(applied),
    appliedBeforeCutover: BigInt(appliedBeforeCutover),
    ...(amountDue === undefined ? {} : { amountDue: BigInt(amountDue) }),
  };
}
