import type {
  IsoDate,
  Problem,
  PurchaseDocument,
  SalesDocument,
  SourceLocation,
} from '../../../src/ledger/index.js';
import {
  allocateBase,
  centsOf,
  formatCents,
  proRata,
  type Cents,
} from '../../../src/money/index.js';
import { OffHeapList } from '../../../src/offheap/off-heap-map.js';
import type { Mapped } from '../../../src/sources/table-mapping/table-spec.js';

type Document = SalesDocument | PurchaseDocument;
type HeldDocument = Mapped<'invoice'> | Mapped<'bill'>;

/**
 * What the activity reads of a document. The rest (its lines, above all) stays off the heap with
 * the held document (`DocumentRegister.add`); what the activity sets here is emitted with it.
 */
type DocumentHead = Pick<
  Document,
  | 'key'
  | 'number'
  | 'legacyNumber'
  | 'date'
  | 'currency'
  | 'reference'
  | 'total'
  | 'amountDue'
  | 'dueAtCutover'
  | 'status'
  | 'baseTotal'
  | 'baseAmountDue'
  | 'type'
>;

function headOf(value: Document, shared: Map<string, string>): DocumentHead {
  const once = (text: string) => {
    const known = shared.get(text);
    if (known !== undefined) return known;
    shared.set(text, text);
    return text;
  };
  // One literal, every field in place: a head built field by field took twice the memory.
  return {
    key: value.key,
    number: value.number === value.key ? value.key : value.number,
    legacyNumber: value.legacyNumber,
    date: once(value.date),
    currency: once(value.currency),
    reference: value.reference,
    total: shareZero(value.total),
    amountDue: shareZero(value.amountDue),
    dueAtCutover: shareZero(value.dueAtCutover),
    status: once(value.status) as Document['status'],
    baseTotal: shareZero(value.baseTotal),
    baseAmountDue: shareZero(value.baseAmountDue),
    type: once(value.type) as Document['type'],
  };
}

/** A zero amount, the most common by far, as the one literal rather than a string of its own. */
export function shareZero<A extends string | undefined>(amount: A): A {
  return (amount === '0.00' ? '0.00' : amount) as A;
}

/** The base values of a foreign document's lines, as the activity report posted them. */
export interface LineBase {
  baseAmount: string;
  baseTaxAmount: string;
}

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
  value: DocumentHead;
  partyKey: string;
  location: SourceLocation;
  /** The legacy books' base value of the whole document, when known (its posting in the report). */
  baseTotal?: Cents;
  /** What an aged report at the day before the cutover says was due on it, in base currency. */
  baseDueAtCutover?: Cents;
  /** What settled it, in the order found (`addSettlement`). */
  settlements: readonly Settlement[];
  /** Settlements so far, per number of the document's own settlement records (INV-1-S1, -S2...). */
  settlementCount: number;
  /** Its place among the held documents; undefined for one already emitted (`know`). */
  held?: number;
  /** Its lines' base values, once the report posted them (`setLineBases`). */
  lineBases?: LineBase[];
  /** What the activity found about it, emitted with it (`addProblem`). */
  problems: readonly Problem[];
}

/**
 * Most documents get one settlement or none, and no problem: a list starts with its first item,
 * since one grown from empty holds seventeen slots (a hundred thousand documents are held).
 */
const NONE: readonly never[] = Object.freeze([]);

export function addSettlement(document: RegisteredDocument, settlement: Settlement): void {
  document.settlements = [...document.settlements, settlement];
}

export function addProblem(document: RegisteredDocument, problem: Problem): void {
  document.problems = [...document.problems, problem];
}

/**
 * The documents of one source, by number and by party, for the activity report's payments to find
 * what they settle. Documents stay in read order. Those held until the activity is known are kept
 * off the heap (src/offheap/off-heap-map.ts): a large company's invoices and bills are hundreds of
 * megabytes, more than the reader's heap cap, while the activity needs only their heads.
 */
export class DocumentRegister {
  readonly documents: RegisteredDocument[] = [];
  /** Every document as mapped, failed ones too, in read order: what is emitted. */
  private readonly held = new OffHeapList<HeldDocument>();
  /** The registered document of each held one, by its place (none for a failed one). */
  private readonly registeredAt: Array<RegisteredDocument | undefined> = [];
  private readonly byNumber = new Map<string, Listed>();
  private readonly byReference = new Map<string, Listed>();
  private readonly byParty = new Map<string, Listed>();
  private readonly sharedValues = new Map<string, string>();

  constructor(
    readonly baseCurrency: string | undefined,
    readonly cutoverDate: IsoDate | undefined,
  ) {}

  /** Holds a document until the activity is known: it is emitted with the activity's records. */
  add(mapped: HeldDocument): RegisteredDocument | undefined {
    const place = this.held.push(mapped);
    const registered = this.know(mapped);
    if (registered) registered.held = place;
    this.registeredAt[place] = registered;
    return registered;
  }

  /** Knows a document already emitted (an import layout's), for payments to find. */
  know(mapped: HeldDocument): RegisteredDocument | undefined {
    const value = mapped.value;
    // A document that failed keeps its problems and its place; nothing can settle it.
    if (!value) return undefined;
    const partyKey = 'customerKey' in value ? value.customerKey : value.vendorKey;
    const registered: RegisteredDocument = {
      entity: mapped.entity,
      value: headOf(value, this.sharedValues),
      partyKey: this.sharedValues.get(partyKey) ?? partyKey,
      location: mapped.location,
      baseTotal:
        value.baseTotal !== undefined
          ? centsOf(value.baseTotal)
          : value.currency === this.baseCurrency
            ? centsOf(value.total)
            : undefined,
      baseDueAtCutover:
        value.baseAmountDue === undefined ? undefined : centsOf(value.baseAmountDue),
      settlements: NONE,
      settlementCount: 0,
      held: undefined,
      lineBases: undefined,
      problems: NONE,
    };
    this.sharedValues.set(registered.partyKey, registered.partyKey);
    this.documents.push(registered);
    for (const number of new Set([value.number, value.legacyNumber, value.key]))
      if (number !== undefined) listUnder(this.byNumber, numberKey(number), registered);
    if (value.reference !== undefined)
      listUnder(this.byReference, numberKey(value.reference), registered);
    listUnder(this.byParty, `${registered.entity}\u0000${registered.partyKey}`, registered);
    return registered;
  }

  /** The documents a number names (ignoring case and spaces), of `entity`. */
  withNumber(entity: 'invoice' | 'bill', number: string): RegisteredDocument[] {
    return listed(this.byNumber, numberKey(number)).filter(
      (document) => document.entity === entity,
    );
  }

  /**
   * The documents whose own reference is `reference`: Xero's Account Transactions shows a sales
   * invoice under its Reference when it has one, not its number.
   */
  withReference(entity: 'invoice' | 'bill', reference: string): RegisteredDocument[] {
    return listed(this.byReference, numberKey(reference)).filter(
      (document) => document.entity === entity,
    );
  }

  /** The party's documents of `entity`, in read order. */
  ofParty(entity: 'invoice' | 'bill', partyKey: string): RegisteredDocument[] {
    return [...listed(this.byParty, `${entity}\u0000${partyKey}`)];
  }

  /** A held document's lines, as read (a copy); none for one already emitted. */
  linesOf(document: RegisteredDocument): Document['lines'] | undefined {
    if (document.held === undefined) return undefined;
    return this.held.at(document.held)?.value?.lines;
  }

  /** The held documents of `entity` as mapped, in read order, each with what the activity found. */
  *heldDocuments(entity: 'invoice' | 'bill'): Generator<HeldDocument> {
    let place = 0;
    for (const mapped of this.held) {
      const registered = this.registeredAt[place];
      place += 1;
      if (mapped.entity !== entity) continue;
      if (registered) withActivity(mapped, registered);
      yield mapped;
    }
  }
}

/** A held document as the activity left it: its head, its lines' base values, its problems. */
function withActivity(mapped: HeldDocument, registered: RegisteredDocument): void {
  const value = mapped.value as Document;
  const lines = value.lines.map((line, index) => {
    const base = registered.lineBases?.[index];
    return base ? { ...line, ...base } : line;
  });
  const head = Object.fromEntries(
    Object.entries(registered.value).filter(([, fieldValue]) => fieldValue !== undefined),
  );
  mapped.value = { ...value, ...head, lines };
  mapped.problems.push(...registered.problems);
}

/**
 * Numbers are matched ignoring case and spaces. Upper case, since numbers are mostly written so:
 * such a number is its own key then, not a second string for each of a hundred thousand documents.
 */
function numberKey(number: string): string {
  return number.trim().toUpperCase();
}

/** The documents under one key: one alone for most keys, with no list around it. */
type Listed = RegisteredDocument | RegisteredDocument[];

function listUnder(map: Map<string, Listed>, key: string, document: RegisteredDocument): void {
  const known = map.get(key);
  if (known === undefined) map.set(key, document);
  else if (Array.isArray(known)) known.push(document);
  else map.set(key, [known, document]);
}

function listed(map: Map<string, Listed>, key: string): readonly RegisteredDocument[] {
  const known = map.get(key);
  return known === undefined ? [] : Array.isArray(known) ? known : [known];
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
