import type { IsoDate, PurchaseDocument, SalesDocument } from '../../../src/ledger/index.js';
import {
  allocateBase,
  centsOf,
  formatCents,
  proRata,
  type Cents,
} from '../../../src/money/index.js';
import type { Mapped } from '../../../src/sources/table-mapping/table-spec.js';

type Document = SalesDocument | PurchaseDocument;

/** What settled part of a document in the activity report: a payment, a refund, a credit. */
export interface Settlement {
  date: IsoDate;
  /** The part of the report's receivables or payables line: its base-currency value. */
  base: Cents;
  /** The same part in the document's currency, once worked out (`settleForeignAmounts`). */
  amount?: Cents;
  /** Set when the report did not name the document: how it was chosen, for the report. */
  inferred?: string;
}

/**
 * A document the activity report's payments may settle: from the document exports (held until the
 * activity is known, so that what was due at the cutover can be worked out from it) or built from
 * the report or an aged report.
 */
export interface RegisteredDocument {
  entity: 'invoice' | 'bill';
  mapped: Mapped<'invoice'> | Mapped<'bill'>;
  value: Document;
  partyKey: string;
  /** The legacy books' base value of the whole document, when known (its posting in the report). */
  baseTotal?: Cents;
  /** What an aged report at the day before the cutover says was due on it, in base currency. */
  baseDueAtCutover?: Cents;
  settlements: Settlement[];
  /** Settlements so far, per number of the document's own settlement records (INV-1-S1, -S2...). */
  settlementCount: number;
}

/**
 * The documents of one source, by number and by party, for the activity report's payments to find
 * what they settle. Documents stay in read order.
 */
export class DocumentRegister {
  readonly documents: RegisteredDocument[] = [];
  /** Every document as mapped, failed ones too, in read order: what is emitted. */
  private readonly mapped: Array<Mapped<'invoice'> | Mapped<'bill'>> = [];
  private readonly byNumber = new Map<string, RegisteredDocument[]>();
  private readonly byReference = new Map<string, RegisteredDocument[]>();

  constructor(
    readonly baseCurrency: string | undefined,
    readonly cutoverDate: IsoDate | undefined,
  ) {}

  /** Holds a document until the activity is known: it is emitted with the activity's records. */
  add(mapped: Mapped<'invoice'> | Mapped<'bill'>): RegisteredDocument | undefined {
    this.mapped.push(mapped);
    return this.know(mapped);
  }

  /** Knows a document already emitted (an import layout's), for payments to find. */
  know(mapped: Mapped<'invoice'> | Mapped<'bill'>): RegisteredDocument | undefined {
    const value = mapped.value;
    // A document that failed keeps its problems and its place; nothing can settle it.
    if (!value) return undefined;
    const registered: RegisteredDocument = {
      entity: mapped.entity,
      mapped,
      value,
      partyKey: 'customerKey' in value ? value.customerKey : value.vendorKey,
      settlements: [],
      settlementCount: 0,
    };
    if (value.currency === this.baseCurrency) registered.baseTotal = centsOf(value.total);
    if (value.baseTotal !== undefined) registered.baseTotal = centsOf(value.baseTotal);
    if (value.baseAmountDue !== undefined)
      registered.baseDueAtCutover = centsOf(value.baseAmountDue);
    this.documents.push(registered);
    for (const number of new Set([value.number, value.legacyNumber, value.key]))
      if (number !== undefined) listUnder(this.byNumber, number, registered);
    if (value.reference !== undefined) listUnder(this.byReference, value.reference, registered);
    return registered;
  }

  /** The documents a number names (ignoring case and spaces), of `entity`. */
  withNumber(entity: 'invoice' | 'bill', number: string): RegisteredDocument[] {
    return (this.byNumber.get(numberKey(number)) ?? []).filter(
      (document) => document.entity === entity,
    );
  }

  /**
   * The documents whose own reference is `reference`: Xero's Account Transactions shows a sales
   * invoice under its Reference when it has one, not its number.
   */
  withReference(entity: 'invoice' | 'bill', reference: string): RegisteredDocument[] {
    return (this.byReference.get(numberKey(reference)) ?? []).filter(
      (document) => document.entity === entity,
    );
  }

  /** The party's documents of `entity`, in read order. */
  ofParty(entity: 'invoice' | 'bill', partyKey: string): RegisteredDocument[] {
    return this.documents.filter(
      (document) => document.entity === entity && document.partyKey === partyKey,
    );
  }

  /** The held documents as mapped, each with what the activity showed (read order). */
  mappedDocuments(): Array<Mapped<'invoice'> | Mapped<'bill'>> {
    return this.mapped;
  }
}

function numberKey(number: string): string {
  return number.trim().toLowerCase();
}

function listUnder(
  map: Map<string, RegisteredDocument[]>,
  name: string,
  document: RegisteredDocument,
): void {
  const key = numberKey(name);
  const list = map.get(key) ?? [];
  list.push(document);
  map.set(key, list);
}

/**
 * How much of a document the activity report can still explain, in base currency: what was settled
 * between the cutover and the export, less what payments already took. An estimate for foreign
 * documents (their rate is known only from their base value).
 */
export function unexplainedBase(document: RegisteredDocument, cutoverDate: IsoDate): Cents {
  const value = document.value;
  const total = centsOf(value.total);
  const dueAtEnd = value.amountDue === undefined ? undefined : centsOf(value.amountDue);
  const taken = document.settlements.reduce((sum, part) => sum + part.base, 0n);
  let open: Cents;
  if (value.date >= cutoverDate || document.baseDueAtCutover === undefined) {
    // The whole document, less what was still due at the export, at its base value.
    const base = document.baseTotal ?? total;
    open = dueAtEnd === undefined ? base : base - proRata(dueAtEnd, total, base);
  } else {
    // Due at the cutover less what is still due, valued at the aged report's rate.
    const dueAtCutover = value.dueAtCutover === undefined ? total : centsOf(value.dueAtCutover);
    open =
      document.baseDueAtCutover -
      (dueAtEnd === undefined ? 0n : proRata(dueAtEnd, dueAtCutover, document.baseDueAtCutover));
  }
  return open - taken;
}

/**
 * Gives each settlement its amount in the document's currency and, for a foreign document dated
 * before the cutover that the report settled, what was due on it at the cutover. A base-currency
 * settlement is its own amount. A foreign one takes its share of what the document's currency says
 * was settled between the cutover and the export (due at the cutover less due at the export),
 * pro rata to the base values, exact to the cent; the legacy books hold each part's base value,
 * which the migration books too, so the shares only decide what stays due in the document's
 * currency. Returns a note when what was due at the cutover had to be assumed.
 */
export function settleForeignAmounts(
  document: RegisteredDocument,
  cutoverDate: IsoDate,
  baseCurrency: string | undefined,
): string | undefined {
  const { value, settlements } = document;
  if (settlements.length === 0) return undefined;
  if (value.currency === baseCurrency || baseCurrency === undefined) {
    // Never more than it had open: what the report settles beyond (a cent a foreign document's
    // parts left on the control account) stays with the contact, on account.
    let left =
      value.date < cutoverDate && value.dueAtCutover !== undefined
        ? centsOf(value.dueAtCutover)
        : centsOf(value.total);
    for (const part of settlements) {
      part.amount = part.base < left ? part.base : left > 0n ? left : 0n;
      left -= part.amount;
    }
    return undefined;
  }
  const total = centsOf(value.total);
  const dueAtEnd = value.amountDue === undefined ? 0n : centsOf(value.amountDue);
  const settledBase = settlements.reduce((sum, part) => sum + part.base, 0n);
  let note: string | undefined;
  let dueAtCutover = total;
  if (value.date < cutoverDate && value.dueAtCutover !== undefined)
    dueAtCutover = centsOf(value.dueAtCutover);
  else if (value.date < cutoverDate && document.baseDueAtCutover !== undefined) {
    const baseDue = document.baseDueAtCutover;
    if (dueAtEnd > 0n && baseDue > settledBase) {
      // What stayed due is worth what the cutover's base value less the settlements leaves.
      dueAtCutover = proRata(dueAtEnd, baseDue - settledBase, baseDue);
    } else {
      dueAtCutover = total;
      note = `what was due on it at the cutover in ${value.currency} is taken as its total ${formatCents(total)}: the exports do not say what was paid before the cutover (its base value at the cutover, ${formatCents(baseDue)}, is the aged report's)`;
    }
    if (dueAtCutover > total) dueAtCutover = total;
    value.dueAtCutover = formatCents(dueAtCutover);
  }
  const settled = dueAtCutover - dueAtEnd;
  const shares = allocateBase(
    settled > 0n ? settled : 0n,
    settlements.map((part) => part.base),
  );
  settlements.forEach((part, index) => (part.amount = shares[index] ?? 0n));
  return note;
}
