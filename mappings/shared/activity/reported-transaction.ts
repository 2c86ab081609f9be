import type { IsoDate, SourceLocation } from '../../../src/ledger/index.js';
import { sumCents, type Cents } from '../../../src/money/index.js';

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
