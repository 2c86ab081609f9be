import {
  CONVERSION_CLEARING_KEY,
  type BankTransaction,
  type JournalEntry,
  type JournalLine,
  type PurchaseDocument,
  type SalesDocument,
  type SourceLocation,
} from '../../../src/ledger/index.js';
import { formatCents, sumCents, type Cents } from '../../../src/money/index.js';
import type { ReportedLine, ReportedTransaction } from './reported-transaction.js';

/**
 * A legacy transaction the API cannot take as one record (a payment in another currency than its
 * bank, one with a realised exchange difference, a refund) is migrated as parts that each balance
 * through Ledgerlift's conversion clearing account: its bank line as a bank transaction against
 * clearing, each receivables or payables line as a document on clearing applied to the document it
 * settles, and its other lines as one journal entry against clearing. The parts post exactly the
 * legacy amounts, so clearing nets to zero and every account holds what the legacy books hold
 * (docs/accounting.md, "Settlements through the clearing account").
 */

/** A bank line of the transaction, as a bank transaction against clearing. */
export function bankLineThroughClearing(
  transaction: ReportedTransaction,
  line: ReportedLine,
  key: string,
  party: { customerKey?: string; vendorKey?: string },
): BankTransaction {
  const record: BankTransaction = {
    key,
    bankAccountKey: line.accountKey,
    date: transaction.date,
    amount: formatCents(line.amount),
    description: describe(transaction, line.description),
    categoryAccountKey: CONVERSION_CLEARING_KEY,
    source: line.location,
    ...party,
  };
  if (transaction.contact) record.payee = transaction.contact;
  if (transaction.reference) record.reference = transaction.reference;
  return record;
}

/** Lines other than the bank's and the control accounts', as one journal entry against clearing. */
export function otherLinesThroughClearing(
  transaction: ReportedTransaction,
  lines: readonly ReportedLine[],
  key: string,
  why: string,
): JournalEntry | undefined {
  const posted = lines.filter((line) => line.amount !== 0n);
  const total = sumCents(posted.map((line) => line.amount));
  if (posted.length === 0) return undefined;
  const first = posted[0] as ReportedLine;
  const entry: JournalEntry = {
    key,
    date: transaction.date,
    memo: describe(transaction, why),
    lines: [
      ...posted.map((line) =>
        journalLineOf(line.accountKey, line.amount, line.description, line.location),
      ),
      journalLineOf(CONVERSION_CLEARING_KEY, -total, why, first.location),
    ],
    source: first.location,
  };
  if (transaction.reference) entry.number = transaction.reference;
  return entry;
}

/** A journal line from a signed amount (debit positive). */
export function journalLineOf(
  accountKey: string,
  amount: Cents,
  description: string,
  source: SourceLocation,
): JournalLine {
  return {
    accountKey,
    debit: formatCents(amount > 0n ? amount : 0n),
    credit: formatCents(amount < 0n ? -amount : 0n),
    description,
    source,
  };
}

const COUNTER_TYPES = {
  invoice: 'credit-note',
  'credit-note': 'invoice',
  bill: 'vendor-credit',
  'vendor-credit': 'bill',
} as const;

/** The document type that settles a document of `type` when applied to it. */
export function counterTypeOf(type: keyof typeof COUNTER_TYPES): keyof typeof COUNTER_TYPES {
  return COUNTER_TYPES[type];
}

/**
 * A document of one line on clearing for `amount` of `currency`: applied to the document it
 * settles, it stands for the legacy payment's receivables or payables line; unapplied, for money
 * the report shows received or paid on account.
 */
export function documentOnClearing(parts: {
  entity: 'invoice' | 'bill';
  type: 'invoice' | 'credit-note' | 'bill' | 'vendor-credit';
  key: string;
  number: string;
  partyKey: string;
  date: string;
  currency: string;
  amount: Cents;
  /** Its value in base currency, for a foreign document. */
  base?: Cents | undefined;
  description: string;
  reference?: string | undefined;
  source: SourceLocation;
}): SalesDocument | PurchaseDocument {
  const amount = formatCents(parts.amount);
  const common = {
    key: parts.key,
    number: parts.number,
    date: parts.date,
    dueDate: parts.date,
    currency: parts.currency,
    lines: [
      {
        description: parts.description,
        quantity: '1',
        unitPrice: amount,
        amount,
        accountKey: CONVERSION_CLEARING_KEY,
        taxAmount: '0.00',
        source: parts.source,
      },
    ],
    subtotal: amount,
    taxTotal: '0.00',
    total: amount,
    status: 'open' as const,
    source: parts.source,
    ...(parts.base === undefined ? {} : { baseTotal: formatCents(parts.base) }),
    ...(parts.reference ? { reference: parts.reference } : {}),
  };
  return parts.entity === 'invoice'
    ? { ...common, type: parts.type as SalesDocument['type'], customerKey: parts.partyKey }
    : { ...common, type: parts.type as PurchaseDocument['type'], vendorKey: parts.partyKey };
}

/** "Receivable Payment INV-0040: <what>". */
export function describe(transaction: ReportedTransaction, what: string): string {
  const head = [transaction.type, transaction.reference].filter(Boolean).join(' ');
  return what ? `${head}: ${what}` : head;
}
