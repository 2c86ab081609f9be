import { centsOf, sumCents, type Cents } from '../../money/index.js';
import {
  type BaseEstimate,
  legacyBaseLines,
  legacyBaseOf,
  type BankTransaction,
  type OpeningBalanceLine,
  type Payment,
  type PurchaseDocument,
  type SalesDocument,
  type JournalEntry,
} from '../../ledger/index.js';
import type { Postings } from './books.js';
import {
  CLEARING,
  PAYABLE,
  RECEIVABLE,
  TAX,
  UNCATEGORIZED_EXPENSE,
  UNCATEGORIZED_INCOME,
  type PostingKeys,
} from './posting-keys.js';

/**
 * The accounting strategy (docs/accounting.md), as postings into the expected books. The same rules
 * drive the payloads the migration sends, so a verified run proves both agree with the legacy books.
 */

/**
 * Opening balance (the legacy trial balance as at the day before the cutover), posted at the
 * cutover. Receivables and payables go to the clearing account: the open documents rebuild them,
 * and their conversion postings empty the clearing account again. Income and expense lines (a
 * mid-year conversion's year-to-date figures) stay on their own accounts.
 */
export function postOpeningBalanceLine(
  books: Postings,
  keys: PostingKeys,
  line: OpeningBalanceLine,
  cutoverDate: string,
): void {
  const key = keys.of(line.accountKey);
  const target = key === RECEIVABLE || key === PAYABLE ? CLEARING : key;
  books.post(target, cutoverDate, centsOf(line.debit), centsOf(line.credit));
}

/** Sign of a document on its control account: invoices and bills +1, credits -1. */
export function documentSign(document: SalesDocument | PurchaseDocument): 1n | -1n {
  return document.type === 'credit-note' || document.type === 'vendor-credit' ? -1n : 1n;
}

/**
 * A document dated on or after the cutover, posted in full to its own accounts. The books are in
 * base currency: a foreign document posts its legacy base value (src/ledger/base-value.ts), which
 * the migration's exchange-difference phase makes the workspace hold too. A sales line on an
 * account other than income, and sales tax, reach their account through the clearing account and
 * the month's reclassification journal (src/migration/handlers/invoices-reclassify-tax.ts), dated by
 * the end date when the document is: at the end date they are where this posts them.
 */
export function postDocument(
  books: Postings,
  keys: PostingKeys,
  document: SalesDocument | PurchaseDocument,
  baseCurrency: string = document.currency,
): void {
  if (document.status === 'draft' || document.status === 'void') return;
  const sales = document.type === 'invoice' || document.type === 'credit-note';
  // Sales documents debit receivables; purchase documents credit payables. Credits reverse.
  const controlSide = (sales ? 1n : -1n) * documentSign(document);
  const date = document.date;
  const base = legacyBaseLines(document, baseCurrency);
  const total = sumCents(base.flatMap((line) => [line.amount, line.tax]));
  books.post(sales ? RECEIVABLE : PAYABLE, date, ...split(controlSide * total));
  document.lines.forEach((line, index) => {
    const { amount, tax } = base[index] ?? { amount: 0n, tax: 0n };
    books.post(keys.of(line.accountKey), date, ...split(-controlSide * amount));
    if (tax !== 0n) books.post(TAX, date, ...split(-controlSide * tax));
  });
}

/** A document open at the cutover: only its outstanding amount, against the clearing account. */
export function postConversionDocument(
  books: Postings,
  document: SalesDocument | PurchaseDocument,
  outstandingInCurrency: Cents,
  baseCurrency: string = document.currency,
  estimate?: BaseEstimate,
): void {
  const outstanding = legacyBaseOf(document, outstandingInCurrency, baseCurrency, estimate);
  const sales = document.type === 'invoice' || document.type === 'credit-note';
  const controlSide = (sales ? 1n : -1n) * documentSign(document);
  books.post(sales ? RECEIVABLE : PAYABLE, document.date, ...split(controlSide * outstanding));
  books.post(CLEARING, document.date, ...split(-controlSide * outstanding));
}

/** A bank line: the bank account against its category (or the workspace's uncategorized account). */
export function postBankTransaction(
  books: Postings,
  keys: PostingKeys,
  line: BankTransaction,
): void {
  const amount = centsOf(line.amount);
  const category =
    line.categoryAccountKey !== undefined
      ? keys.of(line.categoryAccountKey)
      : amount >= 0n
        ? UNCATEGORIZED_INCOME
        : UNCATEGORIZED_EXPENSE;
  books.post(keys.of(line.bankAccountKey), line.date, ...split(amount));
  books.post(category, line.date, ...split(-amount));
}

/**
 * A payment through the bank: received (customer) or paid (vendor). The allocated part settles the
 * control account; any unallocated remainder lands on the clearing account for review.
 */
export function postPayment(
  books: Postings,
  keys: PostingKeys,
  payment: Payment,
  kind: 'customer-payment' | 'vendor-payment',
): void {
  const sign = kind === 'customer-payment' ? 1n : -1n;
  const amount = centsOf(payment.amount);
  const allocated = sumCents(payment.allocations.map((allocation) => centsOf(allocation.amount)));
  books.post(keys.of(payment.bankAccountKey), payment.date, ...split(sign * amount));
  books.post(
    kind === 'customer-payment' ? RECEIVABLE : PAYABLE,
    payment.date,
    ...split(-sign * allocated),
  );
  if (amount !== allocated)
    books.post(CLEARING, payment.date, ...split(-sign * (amount - allocated)));
}

/** A signed amount as [debit, credit]. */
function split(amount: Cents): [Cents, Cents] {
  return amount >= 0n ? [amount, 0n] : [0n, -amount];
}

/**
 * A general journal entry dated on or after the cutover, posted line by line as the legacy books
 * posted it. Lines on receivables or payables land on the workspace's control accounts (no party:
 * docs/accounting.md says what that loses).
 */
export function postJournalEntry(books: Postings, keys: PostingKeys, entry: JournalEntry): void {
  for (const line of entry.lines)
    books.post(keys.of(line.accountKey), entry.date, centsOf(line.debit), centsOf(line.credit));
}
