import type { IsoDate } from '../../../src/ledger/index.js';
import type { Cents } from '../../../src/money/index.js';
import {
  unexplainedBase,
  type DocumentRegister,
  type RegisteredDocument,
  type Settlement,
} from './document-register.js';

/** A document a payment settles, and the part it settles. */
export interface Target {
  document: RegisteredDocument;
  settlement: Settlement;
}

/** What a payment of the report settles: its documents, and what none of them took. */
export interface Settled {
  targets: Target[];
  /** Base-currency amount no document takes (money on account). */
  remainder: Cents;
}

/** A payment as the report shows it. */
export interface PaymentFacts {
  entity: 'invoice' | 'bill';
  partyKey: string | undefined;
  contact: string | undefined;
  reference: string | undefined;
  date: IsoDate;
  /** Base currency: positive when it settles invoices or bills, negative for refunds of credits. */
  amount: Cents;
  cutoverDate: IsoDate;
}

/**
 * The documents a payment settles. Those its reference names (a number, or several separated by
 * commas) take it in order, each up to what is left of it; a reference naming none of the contact's
 * documents leaves the choice to the contact's open documents: the one open for exactly the amount
 * (the oldest when several are, which leaves the contact's balance the same whichever it is), else
 * the oldest first. Every choice the report did not make is named as inferred.
 */
export function findSettled(register: DocumentRegister, payment: PaymentFacts): Settled {
  if (payment.amount === 0n) return { targets: [], remainder: 0n };
  const credits = payment.amount < 0n;
  const wanted = magnitude(payment.amount);
  const types =
    payment.entity === 'invoice'
      ? [credits ? 'credit-note' : 'invoice']
      : [credits ? 'vendor-credit' : 'bill'];
  const fits = (document: RegisteredDocument) =>
    types.includes(document.value.type) &&
    document.value.status !== 'void' &&
    document.value.status !== 'draft';
  // A payment may name a document dated after it (paid the day before the bill was entered); one
  // chosen by inference must have existed.
  const named = namedDocuments(register, payment).filter(fits);
  if (named.length > 0) return take(named, wanted, payment, undefined);
  if (payment.partyKey === undefined) return { targets: [], remainder: payment.amount };
  const open = register
    .ofParty(payment.entity, payment.partyKey)
    .filter(
      (document) =>
        fits(document) &&
        document.value.date <= payment.date &&
        unexplainedBase(document, payment.cutoverDate) > 0n,
    )
    .sort(byAge);
  const exact = open.filter(
    (document) => unexplainedBase(document, payment.cutoverDate) === wanted,
  );
  const contact = payment.contact ?? payment.partyKey;
  const [first] = exact;
  if (first) {
    const why =
      exact.length === 1
        ? `names no document of ${contact}'s, and ${first.value.number} is the one open for exactly that amount: matched to it by inference`
        : `names no document, and ${exact.length} of ${contact}'s documents are open for exactly that amount (${exact.map((document) => document.value.number).join(', ')}): matched by inference to the oldest, ${first.value.number}; the contact's balance is the same whichever it settles`;
    return take([first], wanted, payment, why);
  }
  if (open.length === 0) return { targets: [], remainder: payment.amount };
  return take(
    open,
    wanted,
    payment,
    `names no document of ${contact}'s, and none is open for exactly that amount: matched by inference to the oldest open first (${open.map((document) => document.value.number).join(', ')}); the contact's balance is the same whichever it settles`,
  );
}

/** The documents a reference names, the contact's first (a number may be another contact's too). */
function namedDocuments(register: DocumentRegister, payment: PaymentFacts): RegisteredDocument[] {
  const numbers = (payment.reference ?? '')
    .split(/\s*[,;&]\s*|\s+and\s+/i)
    .map((text) => text.trim())
    .filter(Boolean);
  const found = new Set<RegisteredDocument>();
  for (const number of numbers) {
    const all = register.withNumber(payment.entity, number);
    const own = all.filter((document) => document.partyKey === payment.partyKey);
    for (const document of own.length > 0 || payment.partyKey !== undefined ? own : all)
      found.add(document);
  }
  return [...found];
}

/** Spreads the amount over the documents in order, each up to what it has open, the last the rest. */
function take(
  documents: readonly RegisteredDocument[],
  wanted: Cents,
  payment: PaymentFacts,
  inferred: string | undefined,
): Settled {
  const sign = payment.amount < 0n ? -1n : 1n;
  const targets: Target[] = [];
  let rest = wanted;
  documents.forEach((document, index) => {
    if (rest <= 0n) return;
    const last = index === documents.length - 1;
    const open = unexplainedBase(document, payment.cutoverDate);
    const part = last || documents.length === 1 ? rest : open > 0n && open < rest ? open : rest;
    rest -= part;
    const settlement: Settlement = { date: payment.date, base: part * sign };
    if (inferred) settlement.inferred = inferred;
    targets.push({ document, settlement });
  });
  // A refund's settlement reduces what the credit has open: its base is kept positive.
  for (const target of targets) target.settlement.base = magnitude(target.settlement.base);
  return { targets, remainder: rest * sign };
}

function byAge(a: RegisteredDocument, b: RegisteredDocument): number {
  return a.value.date.localeCompare(b.value.date) || a.value.number.localeCompare(b.value.number);
}

function magnitude(amount: Cents): Cents {
  return amount < 0n ? -amount : amount;
}
