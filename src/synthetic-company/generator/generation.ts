import type { Cents } from '../../money/index.js';
import type { SourceLocation } from '../../ledger/index.js';
import type { Random } from '../random.js';

/**
 * What the parts of a company's generation share: the one random stream (so the same seed gives the
 * same bytes, the parts must draw from it in a fixed order), the legacy system's own books, and
 * the next row of each export file.
 */
export interface Generation {
  random: Random;
  /** The legacy books by account key, debit positive: plain double entry, as each record is made. */
  books: Map<string, Cents>;
  rows: { invoices: number; bills: number; payments: number; bank: number; credits: number };
  /** What the documents dated before the cutover still owed at it. */
  openAtCutover: { receivable: Cents; payable: Cents };
  openDocuments: Set<string>;
}

export function startGeneration(random: Random): Generation {
  return {
    random,
    books: new Map(),
    rows: { invoices: 2, bills: 2, payments: 2, bank: 2, credits: 2 },
    openAtCutover: { receivable: 0n, payable: 0n },
    openDocuments: new Set(),
  };
}

/** Posts a debit (negative: a credit) to the legacy books. */
export function post(generation: Generation, account: string, debit: Cents): void {
  generation.books.set(account, (generation.books.get(account) ?? 0n) + debit);
}

export const at = (file: string, row: number): SourceLocation => ({ file, row });

// Calendar arithmetic on ISO dates (YYYY-MM-DD), in UTC.

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function maxDate(a: string, b: string): string {
  return a > b ? a : b;
}
