import { formatLocation, type RecordOf, type SourceLocation } from '../ledger/index.js';
import { centsOf } from '../money/index.js';
import { money, type RecordCheck } from './record-check.js';
import { resolveDocument, type DocumentReference, type FoundDocument } from './resolve-document.js';
import type { DocumentSummary } from './validation-state.js';

const BANK_KINDS = new Set(['bank', 'credit-card']);

function bankAccount(check: RecordCheck, key: string, what: string): void {
  const kind = check.state.accounts.get(key);
  if (kind === undefined) check.account(key, what);
  else if (!BANK_KINDS.has(kind)) {
    check.add(
      'reference.not-a-bank-account',
      `${what} "${key}" is a ${kind} account, not a bank or credit card account. Use the bank account the money went through, or map the account's kind to "bank" under "accounts" in the override file.`,
    );
  }
}

/** Before the cutover, the opening balance already holds the money: info, and the row is skipped. */
function beforeCutover(check: RecordCheck, date: string, what: string): boolean {
  if (date >= check.settings.cutoverDate) return false;
  check.add(
    'date.before-cutover',
    `${what} of ${date} predates the cutover ${check.settings.cutoverDate}; the opening balance covers it, so it is skipped.`,
  );
  return true;
}

export function checkBankTransaction(
  check: RecordCheck,
  transaction: RecordOf<'bank-transaction'>,
): void {
  check.unique();
  const what = `Bank transaction "${transaction.key}"`;
  bankAccount(check, transaction.bankAccountKey, `${what} moves money through account`);
  check.account(transaction.categoryAccountKey, `${what} is categorised to account`);
  const { parties } = check.state;
  if (transaction.customerKey !== undefined && !parties.customer.has(transaction.customerKey)) {
    check.add(
      'reference.unknown-customer',
      `${what} names customer "${transaction.customerKey}", who is not in the customer list.`,
    );
  }
  if (transaction.vendorKey !== undefined && !parties.vendor.has(transaction.vendorKey)) {
    check.add(
      'reference.unknown-vendor',
      `${what} names vendor "${transaction.vendorKey}", who is not in the vendor list.`,
    );
  }
  check.notAfterEnd(transaction.date, what);
  beforeCutover(check, transaction.date, what);
}

/**
 * The document a payment or a credit names (src/validation/resolve-document.ts); undefined when
 * none has the number, after reporting an ambiguity with both candidates' rows.
 */
function findDocument(
  check: RecordCheck,
  what: string,
  location: SourceLocation | undefined,
  wanted: DocumentReference,
): FoundDocument | 'ambiguous' | undefined {
  const resolution = resolveDocument(check.state.documents, wanted);
  if (resolution.kind === 'found') return resolution.document;
  if (resolution.kind === 'unknown') return undefined;
  const [first, second] = resolution.candidates;
  check.add(
    'reference.ambiguous-document',
    `${what} "${wanted.reference}"${wanted.partyKey === undefined ? '' : ` of "${wanted.partyKey}"`} for ${money(wanted.amount)}, and two documents fit: the one at ${formatLocation(first.summary.location)} and the one at ${formatLocation(second.summary.location)}, with that number, that contact and that much open. Give one of them its own number in the legacy system and export again, or put the document's key (such as "${first.key}") in this row instead of the number.`,
    location,
  );
  return 'ambiguous';
}

/** Applies an amount to a document, reporting when it takes more than the document has open. */
function applyTo(
  check: RecordCheck,
  summary: DocumentSummary,
  documentKey: string,
  cents: bigint,
  early: boolean,
  location: SourceLocation,
): void {
  summary.applied += cents;
  if (early) summary.appliedBeforeCutover += cents;
  if (summary.applied > summary.total) {
    check.add(
      'payment.exceeds-document',
      `Payments and credits applied to ${summary.type.replace('-', ' ')} ${documentKey} now add up to ${money(summary.applied)}, more than its total ${money(summary.total)}.`,
      location,
    );
  }
}

export function checkPayment(
  check: RecordCheck,
  payment: RecordOf<'customer-payment'>,
  entity: 'customer-payment' | 'vendor-payment',
): void {
  check.unique();
  const { state, settings } = check;
  const partyEntity = entity === 'customer-payment' ? 'customer' : 'vendor';
  const documentEntity = entity === 'customer-payment' ? 'invoice' : 'bill';
  const documentType = entity === 'customer-payment' ? 'invoice' : 'bill';
  const what = `${partyEntity === 'customer' ? 'Customer' : 'Vendor'} payment "${payment.key}"`;
  if (!state.parties[partyEntity].has(payment.partyKey)) {
    check.add(
      partyEntity === 'customer' ? 'reference.unknown-customer' : 'reference.unknown-vendor',
      `${what} is from ${partyEntity} "${payment.partyKey}", who is not in the ${partyEntity} list.`,
    );
  }
  bankAccount(check, payment.bankAccountKey, `${what} goes through account`);
  const amount = centsOf(payment.amount);
  if (amount <= 0n)
    check.add(
      'payment.non-positive',
      `${what} has amount ${money(amount)}; payments must be positive.`,
    );
  if (payment.currency !== settings.baseCurrency) {
    check.add(
      'currency.foreign',
      `${what} is in ${payment.currency}, not the base currency ${settings.baseCurrency}.`,
    );
  }
  check.notAfterEnd(payment.date, what);
  const early = beforeCutover(check, payment.date, what);
  if (!early && payment.currency !== settings.baseCurrency) {
    // Its documents are valued at their legacy rate; the payment's own rate would make a realised
    // gain or loss that no export states, so it is not guessed (docs/accounting.md).
    check.add(
      'currency.foreign-payment',
      `${what} is in ${payment.currency} and dated on or after the cutover: Ledgerlift does not book the realised exchange gain or loss of a foreign payment. Record it in the workspace by hand, or move the cutover after it.`,
    );
  }
  let allocated = 0n;
  const allocations = payment.allocations.map((allocation) => ({ ...allocation }));
  for (const allocation of allocations) {
    const cents = centsOf(allocation.amount);
    allocated += cents;
    if (cents <= 0n) {
      check.add(
        'payment.non-positive',
        `${what} applies ${money(cents)} to ${allocation.documentKey}; allocations must be positive.`,
        allocation.source,
      );
      continue;
    }
    const found = findDocument(check, `${what} pays`, allocation.source, {
      entity: documentEntity,
      reference: allocation.documentKey,
      types: [documentType],
      partyKey: payment.partyKey,
      amount: cents,
      date: payment.date,
    });
    if (found === 'ambiguous') continue;
    const summary = found?.summary;
    if (found) allocation.documentKey = found.key;
    if (!summary) {
      check.add(
        'reference.unknown-document',
        `${what} pays ${documentType} "${allocation.documentKey}", which is not in the ${documentEntity === 'invoice' ? 'invoices' : 'bills'}.`,
        allocation.source,
      );
      continue;
    }
    if (summary.type !== documentType) {
      check.add(
        'reference.wrong-document-type',
        `${what} pays "${allocation.documentKey}", which is a ${summary.type.replace('-', ' ')}, not a${documentType === 'invoice' ? 'n invoice' : ' bill'}.`,
        allocation.source,
      );
      continue;
    }
    if (summary.partyKey !== payment.partyKey) {
      check.add(
        'reference.wrong-party',
        `${what} from "${payment.partyKey}" pays ${documentType} ${allocation.documentKey}, which belongs to "${summary.partyKey}".`,
        allocation.source,
      );
    }
    if (summary.currency !== payment.currency) {
      check.add(
        'currency.mismatch',
        `${what} is in ${payment.currency} but ${documentType} ${allocation.documentKey} is in ${summary.currency}.`,
        allocation.source,
      );
    }
    applyTo(check, summary, allocation.documentKey, cents, early, allocation.source);
    state.documents.update(documentEntity, allocation.documentKey, summary);
  }
  if (
    allocations.some(
      (allocation, index) => allocation.documentKey !== payment.allocations[index]?.documentKey,
    )
  ) {
    check.resolved = { entity, value: { ...payment, allocations } };
  }
  if (allocated > amount) {
    check.add(
      'payment.over-allocated',
      `${what} of ${money(amount)} applies ${money(allocated)} to documents, more than was paid.`,
    );
  } else if (allocated < amount && amount > 0n) {
    check.add(
      'payment.under-allocated',
      `${what} of ${money(amount)} applies only ${money(allocated)}; the remaining ${money(amount - allocated)} stays as an unapplied credit.`,
    );
  }
}

export function checkCreditApplication(
  check: RecordCheck,
  application: RecordOf<'credit-application'>,
): void {
  check.unique();
  const { state } = check;
  const entity = application.kind === 'customer-credit' ? 'invoice' : 'bill';
  const creditType = application.kind === 'customer-credit' ? 'credit-note' : 'vendor-credit';
  const documentType = application.kind === 'customer-credit' ? 'invoice' : 'bill';
  const what = `Credit application "${application.key}"`;
  const cents = centsOf(application.amount);
  if (cents <= 0n)
    check.add('payment.non-positive', `${what} applies ${money(cents)}; it must be positive.`);
  check.notAfterEnd(application.date, what);
  const early = beforeCutover(check, application.date, what);
  const creditFound = findDocument(check, `${what} applies credit`, undefined, {
    entity,
    reference: application.creditKey,
    types: [creditType],
    partyKey: application.partyKey,
    amount: cents,
    date: application.date,
  });
  const documentFound = findDocument(check, `${what} applies a credit to`, undefined, {
    entity,
    reference: application.documentKey,
    types: [documentType],
    partyKey:
      application.partyKey ??
      (typeof creditFound === 'object' ? creditFound.summary.partyKey : undefined),
    amount: cents,
    date: application.date,
  });
  if (creditFound === 'ambiguous' || documentFound === 'ambiguous') return;
  const credit = creditFound?.summary;
  const document = documentFound?.summary;
  const creditKey = creditFound?.key ?? application.creditKey;
  const documentKey = documentFound?.key ?? application.documentKey;
  if (creditKey !== application.creditKey || documentKey !== application.documentKey) {
    check.resolved = {
      entity: 'credit-application',
      value: { ...application, creditKey, documentKey },
    };
  }
  if (!credit) {
    check.add(
      'reference.unknown-document',
      `${what} applies ${creditType.replace('-', ' ')} "${application.creditKey}", which is not in the ${entity === 'invoice' ? 'invoices' : 'bills'}.`,
    );
  } else if (credit.type !== creditType) {
    check.add(
      'reference.wrong-document-type',
      `${what} applies "${application.creditKey}", which is a ${credit.type.replace('-', ' ')}, not a ${creditType.replace('-', ' ')}.`,
    );
  }
  if (!document) {
    check.add(
      'reference.unknown-document',
      `${what} applies a credit to ${documentType} "${application.documentKey}", which is not in the ${entity === 'invoice' ? 'invoices' : 'bills'}.`,
    );
  } else if (document.type !== documentType) {
    check.add(
      'reference.wrong-document-type',
      `${what} applies a credit to "${application.documentKey}", which is a ${document.type.replace('-', ' ')}, not a${documentType === 'invoice' ? 'n invoice' : ' bill'}.`,
    );
  }
  if (
    !credit ||
    !document ||
    credit.type !== creditType ||
    document.type !== documentType ||
    cents <= 0n
  )
    return;
  if (credit.partyKey !== document.partyKey) {
    check.add(
      'reference.wrong-party',
      `${what} applies a credit of "${credit.partyKey}" to ${documentType} ${application.documentKey} of "${document.partyKey}".`,
    );
  }
  if (credit.currency !== document.currency) {
    check.add(
      'currency.mismatch',
      `${what} applies a ${credit.currency} credit to a ${document.currency} ${documentType}.`,
    );
  }
  credit.applied += cents;
  if (early) credit.appliedBeforeCutover += cents;
  if (credit.applied > credit.total) {
    check.add(
      'credit.exceeds-credit',
      `Applications of ${creditType.replace('-', ' ')} ${application.creditKey} now add up to ${money(credit.applied)}, more than its total ${money(credit.total)}.`,
    );
  }
  applyTo(check, document, documentKey, cents, early, application.source);
  state.documents.update(entity, creditKey, credit);
  state.documents.update(entity, documentKey, document);
}
