import { formatCents, type Cents } from '../../money/index.js';

/** Where postings go: one set of books, or several at once (src/migration/staging/staged-books.ts). */
export interface Postings {
  /** Posts `debit` minus `credit` to `key` on `date`. */
  post(key: string, date: string, debit: Cents, credit: Cents): void;
}

/**
 * Balances per account key and posting date (debit positive). Keeping dates lets the end date be
 * chosen after every record has been seen, with memory bounded by accounts × days, not by rows.
 */
export class Books implements Postings {
  private readonly byKey = new Map<string, Map<string, Cents>>();

  /** Posts `debit` minus `credit` to `key` on `date`. */
  post(key: string, date: string, debit: Cents, credit: Cents): void {
    const byDate = this.byKey.get(key) ?? new Map<string, Cents>();
    byDate.set(date, (byDate.get(date) ?? 0n) + debit - credit);
    this.byKey.set(key, byDate);
  }

  /** The balance of `key` at the end of `endDate`. */
  balanceOf(key: string, endDate: string): Cents {
    let total = 0n;
    for (const [date, amount] of this.byKey.get(key) ?? []) if (date <= endDate) total += amount;
    return total;
  }

  /** Every non-zero balance at the end of `endDate`, as money text, sorted by key. */
  balancesAt(endDate: string): Record<string, string> {
    const out: Record<string, string> = {};
    for (const key of [...this.byKey.keys()].sort()) {
      const balance = this.balanceOf(key, endDate);
      if (balance !== 0n) out[key] = formatCents(balance);
    }
    return out;
  }
}
