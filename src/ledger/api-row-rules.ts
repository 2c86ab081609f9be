import { accountTypeOf, type AccountKind } from './model.js';

/**
 * What the Partner Accounting API refuses in a row, stated once on the ledger's terms, so that
 * validation (what `validate` and the dry run report) and the handlers (what the live run sends and
 * the dry run checks) read the same rule. Each rule's source is in docs/api-assumptions.md, "Row
 * rules".
 */

/** The longest texts the API takes, by field (R3, R24, the sandbox's field limits). */
export const API_TEXT_LIMITS = {
  /** `invoiceNumber`, `billNumber`. */
  documentNumber: 50,
  /** An invoice line's `name`. */
  lineName: 255,
  /** An invoice or bill line's `description`; a product's `description`. */
  lineDescription: 4000,
  /** A bill's, a transaction's and a customer's `notes`. */
  notes: 10_000,
  /** A transaction's `description`; a journal line's `description`. */
  description: 1000,
  /** An account's `name`. */
  accountName: 200,
  /** An account's `accountNumber`. */
  accountNumber: 50,
  /** An account's `description`. */
  accountDescription: 1000,
  /** A customer's, vendor's or product's name; a website. */
  name: 255,
  email: 254,
  phone: 50,
  /** A customer's payment term, tax number; a product's SKU. */
  term: 100,
  /** A vendor's tax id. */
  taxId: 50,
  street: 300,
  /** City, state, country; a contact's first and last name. */
  place: 100,
  zipCode: 20,
} as const;

/** Quantities, unit prices and product prices take at most this many decimal places (T10, T15). */
const API_DECIMAL_PLACES = 4;

/**
 * Whether an invoice or credit note line may post to an account of this kind: the API takes a
 * sales line only on an Income account (spec line rule 3, R26). Xero takes one on any account (a
 * freight recharge coded to the freight expense account is an ordinary habit), so a sales line on
 * any other account goes to Ledgerlift's clearing account and a journal moves it on
 * (docs/accounting.md, "Sales lines on accounts other than income").
 */
export function salesLineAccepts(kind: AccountKind): boolean {
  return accountTypeOf(kind) === 'Income';
}

/** Whether a product's expense account may be of this kind: an Expenses account only (R2). */
export function productCostAccepts(kind: AccountKind): boolean {
  return accountTypeOf(kind) === 'Expenses';
}

/** Whether the API takes `email` as an email address (one address: text, an @, text; no blanks). */
export function isApiEmail(email: string): boolean {
  return email.length <= API_TEXT_LIMITS.email && /^[^@\s]+@[^@\s]+$/.test(email);
}

/** The decimal places of a plain decimal, trailing zeros left out ("1.50" has one). */
function decimalPlaces(decimal: string): number {
  const fraction = decimal.split('.')[1] ?? '';
  return fraction.replace(/0+$/, '').length;
}

/** Whether the API takes a quantity or price as written (at most four decimal places). */
export function apiDecimal(decimal: string): boolean {
  return decimalPlaces(decimal) <= API_DECIMAL_PLACES;
}

/**
 * `text` as the API takes it in a field of `limit` characters: without surrounding blanks (the API
 * trims), and cut to the limit, never splitting a surrogate pair.
 */
export function cutText(text: string, limit: number): string {
  const trimmed = text.trim();
  if (trimmed.length <= limit) return trimmed;
  const cut = trimmed.slice(0, limit);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}
