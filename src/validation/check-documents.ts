import {
  legacyBaseTotal,
  salesLineAccepts,
  type PurchaseDocument,
  type SalesDocument,
} from '../ledger/index.js';
import { absCents, centsOf, lineAmountCents, sumCents } from '../money/index.js';
import { money, type RecordCheck } from './record-check.js';

/** Line amounts may differ from quantity × unit price by this much (a cent of rounding). */
const LINE_ROUNDING_CENTS = 1n;

/**
 * Checks an invoice, credit note, bill or vendor credit: its party, accounts, items, arithmetic,
 * currency and dates, then remembers a summary for the payments and credits that follow.
 */
export function checkDocument(
  check: RecordCheck,
  document: SalesDocument | PurchaseDocument,
  entity: 'invoice' | 'bill',
): void {
  const repeated = check.unique();
  const { state, settings } = check;
  const partyEntity = entity === 'invoice' ? 'customer' : 'vendor';
  const partyKey = 'customerKey' in document ? document.customerKey : document.vendorKey;
  const partyCurrency = state.parties[partyEntity].get(partyKey);
  const name = `${document.type.replace('-', ' ')} ${document.number}`;
  if (partyCurrency === undefined) {
    check.add(
      partyEntity === 'customer' ? 'reference.unknown-customer' : 'reference.unknown-vendor',
      `The ${name} is for ${partyEntity} "${partyKey}", who is not in the ${partyEntity} list. Add the ${partyEntity} or correct the name.`,
    );
  } else if (partyCurrency !== '' && partyCurrency !== document.currency) {
    check.add(
      'currency.mismatch',
      `The ${name} is in ${document.currency} but ${partyEntity} "${partyKey}" trades in ${partyCurrency}.`,
    );
  }
  if (document.currency !== settings.baseCurrency) {
    check.add(
      'currency.foreign',
      `The ${name} is in ${document.currency}, not the base currency ${settings.baseCurrency}.`,
    );
  }
  const baseTotal = legacyBaseTotal(document, settings.baseCurrency);
  // Open at the cutover, a foreign document without a base value of its own is valued from the
  // trial balance (finalProblems, src/validation/check-balances.ts); after it, nothing values it.
  if (baseTotal === undefined && document.date >= settings.cutoverDate) {
    check.add(
      'currency.no-base-value',
      `The ${name} (${document.date}) is in ${document.currency} but the export gives no ${settings.baseCurrency} value for it, and it is dated after the trial balance at the cutover, so nothing values it in base currency. Export it with its rate (QuickBooks Online: the Exchange Rate column; generic: ExchangeRate or BaseTotal), or cut over after it.`,
    );
  }
  const migratedInFull =
    document.date >= settings.cutoverDate &&
    document.status !== 'draft' &&
    document.status !== 'void';
  for (const line of document.lines) {
    check.account(line.accountKey, `A line of the ${name} posts to account`, line.source);
    const kind = state.accounts.get(line.accountKey);
    if (entity === 'invoice' && migratedInFull && kind !== undefined && !salesLineAccepts(kind)) {
      check.add(
        'line.reclassified',
        `A line of the ${name} (${money(centsOf(line.amount))}${line.description ? `, "${line.description}"` : ''}) posts to account "${line.accountKey}" (${kind}, not income); the API takes a sales line only on an income account, so Ledgerlift posts it to Ledgerlift Conversion Clearing and a journal dated in ${document.date.slice(0, 7)} moves it to "${line.accountKey}": at the end date the account holds it as in the legacy books.`,
        line.source,
      );
    }
    if (line.itemKey !== undefined && !state.products.has(line.itemKey)) {
      check.add(
        'reference.unknown-product',
        `A line of the ${name} sells item "${line.itemKey}", which is not in the product list.`,
        line.source,
      );
    }
    const expected = lineAmountCents(line.quantity, line.unitPrice);
    const actual = centsOf(line.amount);
    if (absCents(expected - actual) > LINE_ROUNDING_CENTS) {
      check.add(
        'line.amount-mismatch',
        `A line of the ${name} has amount ${money(actual)} but quantity ${line.quantity} × unit price ${line.unitPrice} is ${money(expected)}.`,
        line.source,
      );
    }
  }
  const subtotal = centsOf(document.subtotal);
  const taxTotal = centsOf(document.taxTotal);
  const total = centsOf(document.total);
  const lineSum = sumCents(document.lines.map((line) => centsOf(line.amount)));
  const taxSum = sumCents(document.lines.map((line) => centsOf(line.taxAmount)));
  if (lineSum !== subtotal) {
    check.add(
      'document.subtotal-mismatch',
      `The ${name}'s lines add up to ${money(lineSum)} but its subtotal is ${money(subtotal)}.`,
    );
  }
  if (taxSum !== taxTotal) {
    check.add(
      'document.tax-mismatch',
      `The ${name}'s line tax adds up to ${money(taxSum)} but its tax total is ${money(taxTotal)}.`,
    );
  }
  if (subtotal + taxTotal !== total) {
    check.add(
      'document.total-mismatch',
      `The ${name}'s subtotal ${money(subtotal)} plus tax ${money(taxTotal)} is ${money(subtotal + taxTotal)}, but its total is ${money(total)}.`,
    );
  }
  if (document.amountDue !== undefined && centsOf(document.amountDue) > total) {
    check.add(
      'document.amount-due-exceeds-total',
      `The ${name} has ${money(centsOf(document.amountDue))} due, more than its total ${money(total)}.`,
    );
  }
  if (document.dueAtCutover !== undefined && centsOf(document.dueAtCutover) > total) {
    check.add(
      'document.amount-due-exceeds-total',
      `The ${name} had ${money(centsOf(document.dueAtCutover))} due at the cutover, more than its total ${money(total)}.`,
    );
  }
  if (document.dueDate !== undefined && document.dueDate < document.date) {
    check.add(
      'document.due-before-date',
      `The ${name} is due on ${document.dueDate}, before its date ${document.date}; the API takes no due date before the date, so it is sent due on its date.`,
    );
  }
  check.notAfterEnd(document.date, `The ${name}`);
  const beforeCutover = document.date < settings.cutoverDate;
  if (!beforeCutover && document.status === 'draft') {
    check.add(
      'document.draft',
      `The ${name} of ${document.date} is a draft (or awaiting approval): it never posted to the legacy books, so it is not migrated. Approve it in the workspace if it is still wanted.`,
    );
  } else if (!beforeCutover && document.status === 'void') {
    check.add(
      'document.void',
      `The ${name} of ${document.date} is voided: it is not in the legacy books, so it is not migrated.`,
    );
  } else if (beforeCutover) {
    if (document.status === 'void' || document.status === 'draft') {
      check.add(
        'document.closed-before-cutover',
        `The ${name} (${document.status}, ${document.date}) predates the cutover ${settings.cutoverDate}; it is not migrated.`,
      );
    } else {
      check.add(
        'document.conversion',
        `The ${name} of ${document.date} predates the cutover ${settings.cutoverDate}: it is migrated as a conversion document against the clearing account, since the opening balance of ${entity === 'invoice' ? 'receivables' : 'payables'} covers it.`,
      );
    }
  }
  state.documents.add(
    entity,
    document.key,
    {
      entity,
      type: document.type,
      partyKey,
      date: document.date,
      currency: document.currency,
      total,
      ...(baseTotal === undefined ? {} : { baseTotal }),
      applied: 0n,
      appliedBeforeCutover: 0n,
      amountDue: document.amountDue === undefined ? undefined : centsOf(document.amountDue),
      ...(document.dueAtCutover === undefined
        ? {}
        : { dueAtCutover: centsOf(document.dueAtCutover) }),
      beforeCutover,
      status: document.status,
      location: document.source,
    },
    repeated,
  );
  if (document.legacyNumber !== undefined)
    state.documents.addNumber(entity, document.legacyNumber, partyKey, document.key);
}
