import {
  API_TEXT_LIMITS as LIMIT,
  apiDecimal,
  isApiEmail,
  isoDateSchema,
} from '../../ledger/index.js';
import { centsOf, isPlainDecimal, lineAmountCents, sumCents } from '../../money/index.js';
import type {
  AccountBody,
  Address,
  BillBody,
  CustomerBody,
  InvoiceBody,
  JournalEntryBody,
  ProductBody,
  TransactionBody,
  VendorBody,
} from '../contracts/migration-api.js';

/**
 * What the API would refuse in a request body, rule by rule, as its sandbox enforces them
 * (docs/api-assumptions.md, "Row rules"): a dry run checks every request the live run would send,
 * so a row the API refuses is predicted to fail, with the same reason, instead of predicted to be
 * created. Rules that need the workspace (an account's type, a number already used) are not here:
 * the handlers and validation apply them to the ledger, which knows the types.
 */

/** Collects the refusals of one body, each naming the field as the API's errors do. */
class Refusals {
  readonly reasons: string[] = [];

  add(field: string, reason: string): void {
    this.reasons.push(`${field}: ${reason}`);
  }

  text(field: string, value: string | undefined, limit: number, required = false): void {
    if (value === undefined) {
      if (required) this.add(field, 'is required');
      return;
    }
    if (required && value.trim() === '') this.add(field, 'cannot be empty');
    else if (value.length > limit) this.add(field, `is longer than ${limit} characters`);
  }

  email(field: string, value: string | undefined): void {
    if (value !== undefined && value.trim() !== '' && !isApiEmail(value.trim()))
      this.add(field, 'is not an email address');
  }

  date(field: string, value: string | null | undefined): void {
    if (typeof value !== 'string' || !isoDateSchema.safeParse(value).success)
      this.add(field, 'must be a date in YYYY-MM-DD form');
  }

  decimal(field: string, value: string | undefined): void {
    if (value === undefined) return;
    if (!isPlainDecimal(value)) this.add(field, 'must be a JSON number');
    else if (!apiDecimal(value)) this.add(field, 'has more than 4 decimal places');
  }

  money(field: string, value: string, sign: 'nonZero' | 'nonNegative'): bigint | undefined {
    let cents: bigint;
    try {
      cents = centsOf(value);
    } catch {
      this.add(field, 'has more than two decimal places');
      return undefined;
    }
    if (sign === 'nonZero' && cents === 0n) this.add(field, 'is out of range (zero)');
    if (sign === 'nonNegative' && cents < 0n) this.add(field, 'is out of range (negative)');
    return cents;
  }

  currency(field: string, value: string | undefined): void {
    if (value !== undefined && !/^[A-Z]{3}$/.test(value))
      this.add(field, 'must be an ISO 4217 code');
  }

  address(field: string, address: Address | undefined): void {
    if (!address) return;
    this.text(`${field}.street`, address.street, LIMIT.street);
    this.text(`${field}.city`, address.city, LIMIT.place);
    this.text(`${field}.state`, address.state, LIMIT.place);
    this.text(`${field}.zipCode`, address.zipCode, LIMIT.zipCode);
    this.text(`${field}.country`, address.country, LIMIT.place);
  }

  get first(): string | undefined {
    return this.reasons.length > 0 ? this.reasons.join('; ') : undefined;
  }
}

/** An invoice or credit memo (spec line rules; R9, R26). */
export function invoiceRefusal(body: InvoiceBody): string | undefined {
  const check = new Refusals();
  check.text('invoiceNumber', body.invoiceNumber, LIMIT.documentNumber);
  check.date('date', body.date);
  check.currency('currency', body.currency);
  if (body.invoiceType === 'invoice') {
    check.date('dueDate', body.dueDate);
    if (body.dueDate && body.dueDate < body.date) check.add('dueDate', 'cannot be before date');
  }
  body.products.forEach((line, index) => {
    const at = `products[${index}]`;
    check.text(`${at}.name`, line.name, LIMIT.lineName, !line.productUuid);
    check.text(`${at}.description`, line.description, LIMIT.lineDescription);
    check.decimal(`${at}.quantity`, line.quantity);
    check.decimal(`${at}.unitPrice`, line.unitPrice);
  });
  if (check.reasons.length > 0) return check.first;
  if (!body.isDraft && body.products.length === 0)
    return 'a document needs at least one line before it is approved';
  const total = sumCents(body.products.map((l) => lineAmountCents(l.quantity, l.unitPrice)));
  return total < 0n ? 'a document total cannot be negative' : undefined;
}

/** A bill or vendor memo (R18, R21). */
export function billRefusal(body: BillBody): string | undefined {
  const check = new Refusals();
  check.text('billNumber', body.billNumber, LIMIT.documentNumber);
  check.date('date', body.date);
  if (body.billType === 'bill' || body.dueDate) {
    check.date('dueDate', body.dueDate);
    if (body.dueDate < body.date) check.add('dueDate', 'cannot be before date');
  }
  check.currency('currency', body.currency);
  check.text('notes', body.notes, LIMIT.notes);
  body.lineItems.forEach((line, index) => {
    const at = `lineItems[${index}]`;
    check.text(`${at}.description`, line.description, LIMIT.lineDescription);
    check.decimal(`${at}.quantity`, line.quantity);
    check.decimal(`${at}.price`, line.price);
  });
  if (check.reasons.length > 0) return check.first;
  if (body.approvalStatus === 'approved' && body.lineItems.length === 0)
    return 'an approved bill needs at least one line item';
  const total = sumCents(body.lineItems.map((l) => lineAmountCents(l.quantity, l.price)));
  return total < 0n ? 'a bill total cannot be negative' : undefined;
}

/** A bank transaction (R13, R28). */
export function transactionRefusal(body: TransactionBody): string | undefined {
  const check = new Refusals();
  check.money('amount', body.amount, 'nonZero');
  check.date('postedDate', body.postedDate);
  check.text('description', body.description, LIMIT.description);
  check.text('notes', body.notes, LIMIT.notes);
  if (body.categoryAccountUuid !== undefined && body.categoryAccountUuid === body.accountUuid)
    check.add('categoryAccountUuid', 'a transaction cannot be categorized to its own account');
  return check.first;
}

/** A manual journal entry (R3): balanced lines, each a debit or a credit. */
export function journalEntryRefusal(body: JournalEntryBody): string | undefined {
  const check = new Refusals();
  check.date('date', body.date);
  check.text('memo', body.memo, 1000);
  check.text('referenceNumber', body.referenceNumber, 100);
  let debits = 0n;
  let credits = 0n;
  body.lines.forEach((line, index) => {
    const at = `lines[${index}]`;
    const debit = check.money(`${at}.debit`, line.debit, 'nonNegative') ?? 0n;
    const credit = check.money(`${at}.credit`, line.credit, 'nonNegative') ?? 0n;
    if ((debit === 0n) === (credit === 0n))
      check.add(`${at}.debit`, 'each line is either a debit or a credit');
    check.text(`${at}.description`, line.description, LIMIT.description);
    debits += debit;
    credits += credit;
  });
  if (check.reasons.length > 0) return check.first;
  if (body.lines.length < 2) return 'a journal entry needs at least two lines';
  return debits === credits ? undefined : 'debits must equal credits';
}

/** An opening balance's rows (spec; R33): non-empty, each a debit or a credit, balanced. */
export function openingBalanceRefusal(
  rows: ReadonlyArray<{ accountUuid: string; debit: string; credit: string }>,
): string | undefined {
  const check = new Refusals();
  if (rows.length === 0) check.add('rows', 'must be a non-empty array');
  const accounts = new Set<string>();
  let debits = 0n;
  let credits = 0n;
  rows.forEach((row, index) => {
    const at = `rows[${index}]`;
    const plain = (text: string) => /^\d+(\.\d{1,2})?$/.test(text);
    if (!plain(row.debit) || !plain(row.credit)) {
      check.add(`${at}.debit`, 'must be a string decimal with at most two places');
      return;
    }
    const debit = centsOf(row.debit);
    const credit = centsOf(row.credit);
    if ((debit === 0n) === (credit === 0n))
      check.add(`${at}.debit`, 'a row is a debit or a credit');
    if (accounts.has(row.accountUuid))
      check.add('rows', `account ${row.accountUuid} appears twice`);
    accounts.add(row.accountUuid);
    debits += debit;
    credits += credit;
  });
  if (check.reasons.length > 0) return check.first;
  return debits === credits ? undefined : 'debits must equal credits';
}

/** A customer (spec; R25). */
export function customerRefusal(body: CustomerBody): string | undefined {
  const check = new Refusals();
  check.text('customer', body.customer, LIMIT.name, true);
  check.text('email', body.email, LIMIT.email);
  check.email('email', body.email);
  check.text('mainPhone', body.mainPhone, LIMIT.phone);
  check.text('website', body.website, LIMIT.name);
  check.text('notes', body.notes, LIMIT.notes);
  check.text('paymentTerm', body.paymentTerm, LIMIT.term);
  check.text('taxNumber', body.taxNumber, LIMIT.term);
  check.address('billingAddress', body.billingAddress);
  check.address('shippingAddress', body.shippingAddress);
  body.contacts?.forEach((contact, index) => {
    const at = `contacts[${index}]`;
    check.text(`${at}.firstName`, contact.firstName, LIMIT.place);
    check.text(`${at}.lastName`, contact.lastName, LIMIT.place);
    check.text(`${at}.email`, contact.email, LIMIT.email);
    check.email(`${at}.email`, contact.email);
    check.text(`${at}.phone`, contact.phone, LIMIT.phone);
  });
  return check.first;
}

/** A vendor (R1). */
export function vendorRefusal(body: VendorBody): string | undefined {
  const check = new Refusals();
  check.text('name', body.name, LIMIT.name, true);
  check.text('email', body.email, LIMIT.email);
  check.email('email', body.email);
  check.text('phone', body.phone, LIMIT.phone);
  check.text('website', body.website, LIMIT.name);
  check.text('taxId', body.taxId, LIMIT.taxId);
  return check.first;
}

/** A product or service (R2). Its accounts' types are the handler's to choose. */
export function productRefusal(body: ProductBody): string | undefined {
  const check = new Refusals();
  check.text('name', body.name, LIMIT.name, true);
  check.text('sku', body.sku, LIMIT.term);
  check.text('description', body.description, LIMIT.lineDescription);
  check.decimal('price', body.price);
  check.decimal('cost', body.cost);
  return check.first;
}

/** A chart-of-accounts entry (R24). Unique names are the accounts step's to check. */
export function accountRefusal(body: AccountBody): string | undefined {
  const check = new Refusals();
  check.text('name', body.name, LIMIT.accountName, true);
  check.text('accountNumber', body.accountNumber, LIMIT.accountNumber);
  check.text('description', body.description, LIMIT.accountDescription);
  check.currency('currency', body.currency);
  return check.first;
}
