import type { IsoDate, SourceLocation } from '../../../src/ledger/index.js';
import { sumCents, type Cents } from '../../../src/money/index.js';
import { OffHeapList } from '../../../src/offheap/off-heap-map.js';

/**
 * The legacy books' own transactions, rebuilt from a report that lists their journal lines (Xero's
 * Account Transactions, QuickBooks' Journal): what the systems' screens export for the activity
 * after the cutover. Amounts are the report's, in the books' base currency.
 */

/** One journal line as the report shows it. */
export interface ReportedLine {
  /** The legacy account's key (resolved from the name or number the report prints). */
  accountKey: string;
  /** Debit positive, credit negative, base currency. */
  amount: Cents;
  description: string;
  /** The tax beside a net line, base currency, when the report gives it (Xero's Tax column). */
  tax?: Cents | undefined;
  location: SourceLocation;
}

/** One legacy transaction: its lines balance. */
export interface ReportedTransaction {
  /** Unique among the report's transactions and stable from one read to the next. */
  key: string;
  date: IsoDate;
  /** The system's name for the kind of transaction, as written ("Receivable Payment", "Bill"). */
  type: string;
  /** The customer or supplier the report names, as written. */
  contact?: string | undefined;
  /** The number or reference the report shows: a document's number, a cheque number. */
  reference?: string | undefined;
  lines: ReportedLine[];
  location: SourceLocation;
}

/**
 * A report's transactions, held off the heap until they are migrated: a large company's report
 * rebuilds hundreds of thousands, beside every document they may settle
 * (docs/benchmarks.md, "Xero's report exports"). The heap keeps only what orders them.
 */
export class HeldTransactions {
  private readonly held = new OffHeapList<ReportedTransaction>();
  private readonly order: Array<{ date: IsoDate; row: number; place: number }> = [];
  private sorted = true;

  static of(transactions: Iterable<ReportedTransaction>): HeldTransactions {
    const held = new HeldTransactions();
    for (const transaction of transactions) held.add(transaction);
    return held;
  }

  add(transaction: ReportedTransaction): void {
    const place = this.held.push(transaction);
    this.order.push({ date: transaction.date, row: transaction.location.row, place });
    this.sorted = false;
  }

  /** Copies of the transactions by date, then by row; those of one date and row as added. */
  *byDate(): Generator<ReportedTransaction> {
    if (!this.sorted) {
      this.order.sort((a, b) => a.date.localeCompare(b.date) || a.row - b.row);
      this.sorted = true;
    }
    for (const { place } of this.order) {
      const transaction = this.held.at(place);
      if (transaction) yield transaction;
    }
  }
}

/** The kinds of legacy transaction, and how each is migrated (mappings/shared/activity/). */
export type TransactionKind =
  /** Sales invoices and credit notes, bills and supplier credits. */
  | 'invoice'
  | 'credit-note'
  | 'bill'
  | 'vendor-credit'
  /** Money received from a customer or paid to a supplier against their documents (refunds too). */
  | 'customer-payment'
  | 'vendor-payment'
  /** Money in or out of a bank account against other accounts: spend, receive, transfer, deposit. */
  | 'bank'
  /** A manual or general journal. */
  | 'journal';

/** The sum of the lines: zero when the transaction balances. */
export function imbalanceOf(lines: readonly ReportedLine[]): Cents {
  return sumCents(lines.map((line) => line.amount));
}

/** "Row 12" or "rows 12, 40 and 77" of a report, for messages about a transaction. */
export function rowsOf(transaction: Pick<ReportedTransaction, 'lines' | 'location'>): string {
  const rows = [...new Set(transaction.lines.map((line) => line.location.row))].sort(
    (a, b) => a - b,
  );
  if (rows.length <= 1) return `row ${rows[0] ?? transaction.location.row}`;
  return `rows ${rows.slice(0, -1).join(', ')} and ${rows.at(-1) ?? ''}`;
}
