import type {
  Account,
  BankTransaction,
  JournalEntry,
  Payment,
  PurchaseDocument,
  SalesDocument,
} from '../../ledger/index.js';
import { centsOf, type Cents } from '../../money/index.js';

/**
 * One journal line as Xero's Account Transactions report lists it under its account: `net` is the
 * Debit less the Credit (net of tax), `tax` the line's tax beside it (Gross = net + tax).
 */
export interface Posting {
  accountKey: string;
  date: string;
  source: string;
  description: string;
  reference: string | undefined;
  net: Cents;
  tax: Cents;
}

/** The accounts Xero posts documents and payments to by role, by account key. */
export interface ControlAccounts {
  receivable: string;
  payable: string;
  tax: string;
}

const sourceOf = {
  invoice: 'Receivable Invoice',
  'credit-note': 'Receivable Credit Note',
  bill: 'Payable Invoice',
  'vendor-credit': 'Payable Credit Note',
} as const;

/**
 * The journal of an approved invoice, bill or credit: each line net of tax on its account with its
 * tax beside it (described "<contact> - <line>"), the document's tax on the tax account and its
 * total on receivables or payables (described by the contact alone). A sales invoice is shown
 * under its Reference when it has one, anything else under its number.
 */
export function documentPostings(
  document: SalesDocument | PurchaseDocument,
  contact: string,
  accounts: ControlAccounts,
): Posting[] {
  const sales = 'customerKey' in document;
  const credit = document.type === 'credit-note' || document.type === 'vendor-credit';
  // Sales lines are credited by an invoice, purchase lines debited by a bill; credits the other way.
  const sign = (sales ? -1n : 1n) * (credit ? -1n : 1n);
  const common = {
    date: document.date,
    source: sourceOf[document.type],
    reference: sales ? (document.reference ?? document.number) : document.number,
  };
  const postings: Posting[] = document.lines.map((line) => ({
    ...common,
    accountKey: line.accountKey,
    description: line.description === '' ? contact : `${contact} - ${line.description}`,
    net: sign * centsOf(line.amount),
    tax: sign * centsOf(line.taxAmount),
  }));
  const tax = sign * centsOf(document.taxTotal);
  if (tax !== 0n)
    postings.push({ ...common, accountKey: accounts.tax, description: contact, net: tax, tax: 0n });
  postings.push({
    ...common,
    accountKey: sales ? accounts.receivable : accounts.payable,
    description: contact,
    net: -sign * centsOf(document.total),
    tax: 0n,
  });
  return postings;
}

/**
 * A payment as Xero records it: one payment per document paid, each with its bank line and its
 * receivables or payables line, the document's number as reference; what no document takes is an
 * overpayment.
 */
export function paymentPostings(
  entity: 'customer-payment' | 'vendor-payment',
  payment: Payment,
  contact: string,
  numberOf: (documentKey: string) => string,
  accounts: ControlAccounts,
): Posting[] {
  const sales = entity === 'customer-payment';
  // Money in is a debit of the bank, money out a credit.
  const sign = sales ? 1n : -1n;
  const control = sales ? accounts.receivable : accounts.payable;
  const pair = (source: string, reference: string | undefined, amount: Cents): Posting[] => {
    const common = { date: payment.date, source, description: contact, reference, tax: 0n };
    return [
      { ...common, accountKey: payment.bankAccountKey, net: sign * amount },
      { ...common, accountKey: control, net: -sign * amount },
    ];
  };
  const kind = sales ? 'Receivable' : 'Payable';
  const postings = payment.allocations.flatMap((allocation) =>
    pair(`${kind} Payment`, numberOf(allocation.documentKey), centsOf(allocation.amount)),
  );
  const allocated = payment.allocations.reduce((sum, a) => sum + centsOf(a.amount), 0n);
  const over = centsOf(payment.amount) - allocated;
  if (over > 0n) postings.push(...pair(`${kind} Overpayment`, payment.reference, over));
  return postings;
}

/**
 * A bank line as spend or receive money (the bank and the category, each net), or a transfer when
 * its category is another bank account.
 */
export function bankPostings(
  line: BankTransaction,
  accounts: ReadonlyMap<string, Account>,
  payee: string | undefined,
): Posting[] {
  const category = line.categoryAccountKey;
  if (category === undefined)
    throw new Error(`bank line ${line.key} has no category: Xero cannot show it`);
  const amount = centsOf(line.amount);
  const kind = accounts.get(category)?.kind;
  const nameOf = (key: string) => accounts.get(key)?.name ?? key;
  if (kind === 'bank' || kind === 'credit-card') {
    const [from, to] =
      amount < 0n ? [line.bankAccountKey, category] : [category, line.bankAccountKey];
    const description = `Bank Transfer from ${nameOf(from)} to ${nameOf(to)}`;
    const common = { date: line.date, source: 'Bank Transfer', description, tax: 0n };
    return [
      { ...common, accountKey: line.bankAccountKey, reference: line.reference, net: amount },
      { ...common, accountKey: category, reference: line.reference, net: -amount },
    ];
  }
  const common = {
    date: line.date,
    source: amount < 0n ? 'Spend Money' : 'Receive Money',
    reference: line.reference,
    tax: 0n,
  };
  return [
    {
      ...common,
      accountKey: line.bankAccountKey,
      description: payee ?? line.description,
      net: amount,
    },
    {
      ...common,
      accountKey: category,
      description: payee === undefined ? line.description : `${payee} - ${line.description}`,
      net: -amount,
    },
  ];
}

/** A manual journal: its lines as they are, under its number. */
export function journalPostings(entry: JournalEntry): Posting[] {
  return entry.lines.map((line) => ({
    accountKey: line.accountKey,
    date: entry.date,
    source: 'Manual Journal',
    description: line.description === '' ? entry.memo : line.description,
    reference: entry.number,
    net: centsOf(line.debit) - centsOf(line.credit),
    tax: 0n,
  }));
}
