import {
  CONVERSION_CLEARING_KEY,
  type IsoDate,
  type Payment,
  type Problem,
  type PurchaseDocument,
  type SalesDocument,
} from '../../../src/ledger/index.js';
import { problemOf } from '../../../src/ledger/problem-catalog.js';
import { formatCents, sumCents, type Cents } from '../../../src/money/index.js';
import { OffHeapList } from '../../../src/offheap/off-heap-map.js';
import { reportLeftOut } from '../../../src/sources/table-mapping/left-out.js';
import type { MappingContext } from '../../../src/sources/table-mapping/mapping-context.js';
import type {
  AnyMapped,
  DerivedTable,
  Mapped,
  TableScanner,
} from '../../../src/sources/table-mapping/table-spec.js';
import { creditApplicationKey, documentNumbering } from '../keys.js';
import {
  addProblem,
  addSettlement,
  settleForeignAmounts,
  shareZero,
  type DocumentRegister,
  type LineBase,
  type RegisteredDocument,
  type Settlement,
} from './document-register.js';
import {
  imbalanceOf,
  rowsOf,
  type HeldTransactions,
  type ReportedLine,
  type ReportedTransaction,
  type TransactionKind,
} from './reported-transaction.js';
import { findSettled, type Target } from './settled-documents.js';
import {
  bankLineThroughClearing,
  counterTypeOf,
  describe,
  documentOnClearing,
  journalLineOf,
  otherLinesThroughClearing,
} from './through-clearing.js';

/** An activity report, its transactions rebuilt (reported-transaction.ts). */
interface ActivityReport {
  /** The report's file, for messages. */
  file: string;
  /** What the report is called, for messages ("the Account Transactions report"). */
  title: string;
  transactions: HeldTransactions;
  /** How the format names each kind of transaction: undefined for one it does not migrate. */
  kindOf(type: string): TransactionKind | undefined;
  /**
   * Kinds another export of the folder carries (an import layout of payments, a bank statement):
   * the report's transactions of those kinds are left to it, so nothing is migrated twice.
   */
  carried?: ReadonlySet<TransactionKind>;
}

type LineRole = 'bank' | 'receivable' | 'payable' | 'tax' | 'other';

/** A settlement waiting for its amount in the document's currency (settleForeignAmounts). */
interface PendingSettlement {
  transaction: ReportedTransaction;
  target: RegisteredDocument;
  settlement: Settlement;
}

/**
 * The ledger records a report's transactions migrate as, beside the documents of the register
 * (those of the document exports, held until now, and those the report itself holds): documents
 * first, then bank transactions, payments, credit applications and journal entries, the order the
 * ledger's entities stream in. Each transaction keeps its legacy amounts to the cent:
 *
 * - a document in the report values a foreign document of the exports (its receivables or payables
 *   line is the legacy base value) or, missing from them, becomes a document of its own;
 * - a payment of a base-currency document through a base-currency bank, with no other line, is a
 *   payment; any other (another currency, a realised exchange difference, a refund, no document
 *   found) is migrated through the clearing account (through-clearing.ts);
 * - spend and receive money is one bank transaction per category line, a transfer one bank
 *   transaction, a journal a journal entry.
 */
function activityRecords(
  report: ActivityReport,
  register: DocumentRegister,
  context: MappingContext,
): ActivityRecords {
  return new ActivityBuilder(report, register, context).build();
}

/**
 * The records of an activity report, in the order they stream in: the document side (documents
 * and bank transactions), then the settlements (payments, credit applications, journals). Both
 * are read from off the heap (src/offheap/off-heap-map.ts), and may be read more than once.
 */
interface ActivityRecords {
  documents: Iterable<AnyMapped>;
  settlements: Iterable<AnyMapped>;
}

const CARRIED = 'activity:carried';

/**
 * Which kinds of transaction other exports of the folder carry (an import layout of payments, a
 * statement of bank lines): read ahead, so that an activity report leaves them to those exports.
 */
export async function gatherCarriedKinds(
  scan: TableScanner,
  context: MappingContext,
  tables: ReadonlyArray<readonly [string, readonly TransactionKind[]]>,
): Promise<void> {
  const carried = new Set<TransactionKind>();
  for (const [table, kinds] of tables) {
    let rows = 0;
    await scan(table, () => (rows += 1));
    if (rows > 0) for (const kind of kinds) carried.add(kind);
  }
  noteCarriedKinds(context, carried);
}

/** Records the kinds other exports of the folder carry, however the format found them out. */
export function noteCarriedKinds(context: MappingContext, kinds: Iterable<TransactionKind>): void {
  context.facts.set(CARRIED, new Set(kinds));
}

/** The kinds other exports carry (gatherCarriedKinds), none when not gathered. */
export function carriedKinds(context: MappingContext): ReadonlySet<TransactionKind> {
  return (context.facts.get(CARRIED) as Set<TransactionKind> | undefined) ?? new Set();
}

/** What an activity report of a format has read, once its tables are read. */
export interface ReadActivity {
  report: ActivityReport;
  register: DocumentRegister;
}

/**
 * The two places a format's activity records stream at: documents and bank transactions where those
 * entities go, payments, credits and journals after the tables of payments (entity order). Both
 * take from one derivation, made when the first runs: by then every document is read.
 */
export function activitySteps(
  id: string,
  read: (context: MappingContext) => ReadActivity | undefined,
): [DerivedTable, DerivedTable] {
  const recordsKey = `${id}:records`;
  const recordsOf = (context: MappingContext): ActivityRecords => {
    const made = context.facts.get(recordsKey) as ActivityRecords | undefined;
    if (made) return made;
    const activity = read(context);
    const records = activity
      ? activityRecords(activity.report, activity.register, context)
      : { documents: [], settlements: [] };
    context.facts.set(recordsKey, records);
    return records;
  };
  return [
    { id: `${id}:documents`, derive: (context) => recordsOf(context).documents },
    { id: `${id}:settlements`, derive: (context) => recordsOf(context).settlements },
  ];
}

type DocumentRecord = Mapped<'invoice'> | Mapped<'bill'>;
type PaymentRecord = Mapped<'customer-payment'> | Mapped<'vendor-payment'>;

/** Records the builder has made, kept off the heap until they stream. */
const madeList = <R extends AnyMapped>() => new OffHeapList<R>();

class ActivityBuilder {
  private readonly bank = madeList<Mapped<'bank-transaction'>>();
  private readonly payments = {
    'customer-payment': madeList<PaymentRecord>(),
    'vendor-payment': madeList<PaymentRecord>(),
  };
  private readonly credits = madeList<Mapped<'credit-application'>>();
  private readonly journals = madeList<Mapped<'journal-entry'>>();
  private readonly pending: PendingSettlement[] = [];
  /** Documents on clearing that stand for the report's settlements (`settle`). */
  private readonly settling = {
    invoice: madeList<DocumentRecord>(),
    bill: madeList<DocumentRecord>(),
  };
  private readonly onAccount = {
    invoice: madeList<DocumentRecord>(),
    bill: madeList<DocumentRecord>(),
  };
  private readonly onAccountKeys = new Map<string, number>();
  private readonly baseCurrency: string | undefined;
  private readonly cutoverDate: IsoDate;

  constructor(
    private readonly report: ActivityReport,
    private readonly register: DocumentRegister,
    private readonly context: MappingContext,
  ) {
    this.baseCurrency = context.defaultCurrency;
    this.cutoverDate = context.cutoverDate ?? '0000-01-01';
  }

  build(): ActivityRecords {
    // Three passes over the transactions, read back from off the heap each time: all of them
    // classified, then the documents (a payment may be listed before the invoice it settles on the
    // same day), then the rest.
    const { transactions } = this.report;
    const kinds: Array<TransactionKind | undefined> = [];
    for (const transaction of transactions.byDate()) kinds.push(this.classify(transaction));
    let at = 0;
    for (const transaction of transactions.byDate()) {
      const kind = kinds[at++];
      if (kind && isDocumentKind(kind)) this.document(transaction, kind);
    }
    at = 0;
    for (const transaction of transactions.byDate()) {
      const kind = kinds[at++];
      if (kind === 'customer-payment' || kind === 'vendor-payment') this.payment(transaction, kind);
      else if (kind === 'bank') this.bankTransaction(transaction);
      else if (kind === 'journal') this.journal(transaction);
    }
    this.settle();
    const { register, settling, onAccount, bank, payments, credits, journals } = this;
    return {
      documents: {
        *[Symbol.iterator]() {
          for (const entity of ['invoice', 'bill'] as const) {
            yield* register.heldDocuments(entity);
            yield* settling[entity];
            yield* onAccount[entity];
          }
          yield* bank;
        },
      },
      settlements: {
        *[Symbol.iterator]() {
          yield* payments['customer-payment'];
          yield* payments['vendor-payment'];
          yield* credits;
          yield* journals;
        },
      },
    };
  }

  /** The transaction's kind, or undefined after reporting why it is not migrated. */
  private classify(transaction: ReportedTransaction): TransactionKind | undefined {
    if (transaction.date < this.cutoverDate) return undefined;
    const imbalance = imbalanceOf(transaction.lines);
    if (imbalance !== 0n) {
      this.problem(
        'activity.unbalanced',
        `${this.where(transaction)}: the ${transaction.type} ${transaction.reference ?? ''} of ${transaction.date} does not balance (its lines are ${formatCents(imbalance)} off), so it cannot be rebuilt from the report. Export the report again without filters, or enter the transaction by hand.`,
        transaction,
      );
      return undefined;
    }
    const kind = this.report.kindOf(transaction.type);
    if (kind && this.report.carried?.has(kind)) return undefined;
    if (kind) return kind;
    const problems: Problem[] = [];
    reportLeftOut(
      {
        note: (code, message) =>
          problems.push(problemOf(code, message, { location: transaction.location })),
        fail: (code, message) =>
          problems.push(problemOf(code, message, { location: transaction.location })),
      },
      this.context,
      {
        type: transaction.type,
        date: () => transaction.date,
        label:
          `${this.where(transaction)}: ${transaction.type || 'a transaction without a type'} ${transaction.reference ?? ''}`.trim(),
        why: `the ${this.report.title} does not say how the legacy system posted a "${transaction.type}"`,
      },
    );
    for (const problem of problems) this.context.report(problem);
    return undefined;
  }

  private roleOf(line: ReportedLine): LineRole {
    const { index } = this.context;
    const role = index.accountRole(line.accountKey);
    if (role === 'receivable' || role === 'payable' || role === 'tax') return role;
    const kind = index.accountKind(line.accountKey);
    if (kind === 'bank' || kind === 'credit-card') return 'bank';
    if (kind === 'receivable' || kind === 'payable') return kind;
    return 'other';
  }

  private linesBy(transaction: ReportedTransaction): Record<LineRole, ReportedLine[]> {
    const lines: Record<LineRole, ReportedLine[]> = {
      bank: [],
      receivable: [],
      payable: [],
      tax: [],
      other: [],
    };
    for (const line of transaction.lines) lines[this.roleOf(line)].push(line);
    return lines;
  }

  private partyKey(entity: 'customer' | 'vendor', transaction: ReportedTransaction) {
    const { contact } = transaction;
    if (contact === undefined) return undefined;
    return this.context.index.partyKey(entity, contact) ?? contact;
  }

  /**
   * A document the report posts: it values the document export's foreign document of that number,
   * or is a document of its own when the exports hold none (credit notes, which Xero's invoice
   * export leaves out; every document of QuickBooks' Journal).
   */
  private document(transaction: ReportedTransaction, kind: TransactionKind): void {
    const entity = kind === 'invoice' || kind === 'credit-note' ? 'invoice' : 'bill';
    const lines = this.linesBy(transaction);
    const control = entity === 'invoice' ? lines.receivable : lines.payable;
    const credit = kind === 'credit-note' || kind === 'vendor-credit';
    // Receivables are debited by an invoice, payables credited by a bill; credits the other way.
    const side = (entity === 'invoice' ? 1n : -1n) * (credit ? -1n : 1n);
    const base = side * sumCents(control.map((line) => line.amount));
    const partyKey = this.partyKey(entity === 'invoice' ? 'customer' : 'vendor', transaction);
    const number = transaction.reference;
    const ofThis = (document: RegisteredDocument) =>
      document.value.type === kind && (partyKey === undefined || document.partyKey === partyKey);
    const byNumber =
      number === undefined ? [] : this.register.withNumber(entity, number).filter(ofThis);
    // Shown under its own reference rather than its number: the same date tells it.
    const byReference =
      number === undefined
        ? []
        : this.register
            .withReference(entity, number)
            .filter((document) => ofThis(document) && document.value.date === transaction.date);
    const same = byNumber.length > 0 ? byNumber : byReference;
    const found = same.find((document) => document.value.date === transaction.date) ?? same[0];
    if (found) {
      if (found.baseTotal === undefined && base > 0n) {
        found.baseTotal = base;
        found.value.baseTotal = formatCents(base);
        const bases = lineBasesOf(this.register.linesOf(found), lines.other, side, this.context);
        if (bases) found.lineBases = bases;
      }
      return;
    }
    if (control.length === 0 || partyKey === undefined) {
      this.problem(
        'activity.document-unreadable',
        `${this.where(transaction)}: the ${transaction.type} ${number ?? ''} of ${transaction.date} has no ${entity === 'invoice' ? 'receivables' : 'payables'} line or no contact, so it cannot be rebuilt as a document. Export the document itself, or enter it by hand.`,
        transaction,
      );
      return;
    }
    this.register.add(this.documentOf(transaction, kind, entity, partyKey, base, lines, side));
  }

  private documentOf(
    transaction: ReportedTransaction,
    kind: TransactionKind,
    entity: 'invoice' | 'bill',
    partyKey: string,
    total: Cents,
    lines: Record<LineRole, ReportedLine[]>,
    side: Cents,
  ): Mapped<'invoice'> | Mapped<'bill'> {
    const tax = -side * sumCents(lines.tax.map((line) => line.amount));
    const posted = [...lines.other, ...lines.bank];
    const own = transaction.reference;
    const shared = own !== undefined && this.register.withNumber(entity, own).length > 0;
    const numbering = documentNumbering(shared ? undefined : own, {
      number: own,
      contact: partyKey,
      date: transaction.date,
      total: formatCents(total),
    });
    const documentLines = posted.map((line, index) => {
      const amount = formatCents(-side * line.amount);
      return {
        description: line.description,
        quantity: '1',
        unitPrice: amount,
        amount,
        accountKey: line.accountKey,
        taxAmount: index === 0 ? formatCents(tax) : '0.00',
        source: line.location,
      };
    });
    const subtotal = formatCents(total - tax);
    const common = {
      key: numbering.key,
      number: numbering.number,
      ...(numbering.legacyNumber ? { legacyNumber: numbering.legacyNumber } : {}),
      date: transaction.date,
      dueDate: transaction.date,
      currency: this.baseCurrency ?? 'USD',
      lines: documentLines,
      subtotal,
      taxTotal: formatCents(tax),
      total: formatCents(total),
      status: 'open' as const,
      source: transaction.location,
    };
    const value =
      entity === 'invoice'
        ? ({ ...common, type: kind, customerKey: partyKey } as SalesDocument)
        : ({ ...common, type: kind, vendorKey: partyKey } as PurchaseDocument);
    return {
      entity,
      key: numbering.key,
      value,
      location: transaction.location,
      problems: [],
    } as Mapped<'invoice'> | Mapped<'bill'>;
  }

  /**
   * Money received from a customer or paid to a supplier: the documents it settles are the ones its
   * reference names, else inferred from the contact's open documents (settled-documents.ts).
   */
  private payment(transaction: ReportedTransaction, kind: 'customer-payment' | 'vendor-payment') {
    const sales = kind === 'customer-payment';
    const entity = sales ? 'invoice' : 'bill';
    const lines = this.linesBy(transaction);
    const control = sales ? lines.receivable : lines.payable;
    const others = [...lines.other, ...lines.tax, ...(sales ? lines.payable : lines.receivable)];
    const partyKey = this.partyKey(sales ? 'customer' : 'vendor', transaction);
    // Positive when it settles invoices or bills; negative for a refund of a credit.
    const settles = (sales ? -1n : 1n) * sumCents(control.map((line) => line.amount));
    const found = findSettled(this.register, {
      entity,
      partyKey,
      contact: transaction.contact,
      reference: transaction.reference,
      date: transaction.date,
      amount: settles,
      cutoverDate: this.cutoverDate,
    });
    for (const target of found.targets) this.noteInference(transaction, target);
    const [bankLine] = lines.bank;
    const direct =
      bankLine !== undefined &&
      lines.bank.length === 1 &&
      others.length === 0 &&
      found.remainder === 0n &&
      settles > 0n &&
      found.targets.length > 0 &&
      this.inBaseCurrency(bankLine.accountKey) &&
      found.targets.every((target) => target.document.value.currency === this.baseCurrency) &&
      (sales ? 1n : -1n) * bankLine.amount === settles;
    if (direct && partyKey !== undefined) {
      for (const target of found.targets) addSettlement(target.document, target.settlement);
      this.payments[kind].push(
        this.paymentOf(transaction, kind, bankLine, partyKey, found.targets),
      );
      return;
    }
    this.throughClearing(transaction, lines.bank, others, sales ? 'customer' : 'vendor', partyKey);
    for (const target of found.targets) {
      addSettlement(target.document, target.settlement);
      this.pending.push({ transaction, target: target.document, settlement: target.settlement });
    }
    if (found.remainder !== 0n)
      this.onAccountDocument(transaction, entity, partyKey, found.remainder);
  }

  private paymentOf(
    transaction: ReportedTransaction,
    kind: 'customer-payment' | 'vendor-payment',
    bankLine: ReportedLine,
    partyKey: string,
    targets: readonly Target[],
  ): PaymentRecord {
    const amount = (kind === 'customer-payment' ? 1n : -1n) * bankLine.amount;
    const value: Payment = {
      key: transaction.key,
      date: transaction.date,
      bankAccountKey: bankLine.accountKey,
      amount: formatCents(amount),
      currency: this.baseCurrency ?? 'USD',
      partyKey,
      allocations: targets.map((target) => ({
        documentKey: target.document.value.key,
        amount: formatCents(target.settlement.base),
        source: transaction.location,
      })),
      source: transaction.location,
    };
    if (transaction.reference) value.reference = transaction.reference;
    return {
      entity: kind,
      key: transaction.key,
      value,
      location: transaction.location,
      problems: [],
    };
  }

  /** Spend and receive money, deposits, expenses, transfers. */
  private bankTransaction(transaction: ReportedTransaction): void {
    const lines = this.linesBy(transaction);
    const others = [...lines.other, ...lines.tax];
    const control = [...lines.receivable, ...lines.payable];
    const [bankLine, secondBank] = lines.bank;
    if (bankLine && lines.bank.length === 1 && control.length === 0) {
      const memo = transaction.lines.find((line) => line.description !== '')?.description;
      others.forEach((line, index) => {
        const key = others.length === 1 ? transaction.key : `${transaction.key}/${index + 1}`;
        this.bank.push({
          entity: 'bank-transaction',
          key,
          value: {
            key,
            bankAccountKey: bankLine.accountKey,
            date: transaction.date,
            amount: formatCents(-line.amount),
            // The key carries the number; the description says what the line was for.
            description: line.description || memo || transaction.type,
            ...(transaction.contact ? { payee: transaction.contact } : {}),
            categoryAccountKey: line.accountKey,
            source: line.location,
          },
          location: line.location,
          problems: [],
        });
      });
      return;
    }
    if (
      bankLine &&
      secondBank &&
      lines.bank.length === 2 &&
      others.length === 0 &&
      control.length === 0
    ) {
      // A transfer: money out of one bank account into the other.
      const [from, to] = bankLine.amount < 0n ? [bankLine, secondBank] : [secondBank, bankLine];
      this.bank.push({
        entity: 'bank-transaction',
        key: transaction.key,
        value: {
          key: transaction.key,
          bankAccountKey: from.accountKey,
          date: transaction.date,
          amount: formatCents(from.amount),
          description: describe(transaction, from.description),
          ...(transaction.reference ? { reference: transaction.reference } : {}),
          categoryAccountKey: to.accountKey,
          source: from.location,
        },
        location: from.location,
        problems: [],
      });
      return;
    }
    const partyEntity = lines.receivable.length > 0 ? 'customer' : 'vendor';
    this.throughClearing(
      transaction,
      lines.bank,
      others,
      partyEntity,
      this.partyKey(partyEntity, transaction),
    );
    for (const line of control) {
      const entity = this.roleOf(line) === 'receivable' ? 'invoice' : 'bill';
      const amount = (entity === 'invoice' ? -1n : 1n) * line.amount;
      this.onAccountDocument(transaction, entity, this.partyKey(partyEntity, transaction), amount);
    }
  }

  private journal(transaction: ReportedTransaction): void {
    const posted = transaction.lines.filter((line) => line.amount !== 0n);
    const [first] = posted;
    if (!first) return;
    const problems: Problem[] = [];
    const control = posted.some((line) => ['receivable', 'payable'].includes(this.roleOf(line)));
    if (transaction.contact && control)
      problems.push(
        problemOf(
          'journal.party-dropped',
          `${this.where(transaction)}: the ${transaction.type} ${transaction.reference ?? ''} of ${transaction.date} names "${transaction.contact}"; the workspace's journal lines keep their accounts but no customer or vendor, so it counts in no customer's or vendor's balance.`,
          { location: transaction.location },
        ),
      );
    this.journals.push({
      entity: 'journal-entry',
      key: transaction.key,
      value: {
        key: transaction.key,
        date: transaction.date,
        ...(transaction.reference ? { number: transaction.reference } : {}),
        memo: transaction.lines.find((line) => line.description !== '')?.description ?? '',
        lines: posted.map((line) =>
          journalLineOf(line.accountKey, line.amount, line.description, line.location),
        ),
        source: transaction.location,
      },
      location: transaction.location,
      problems,
    });
  }

  /** The bank lines and the other lines of a transaction, each part against clearing. */
  private throughClearing(
    transaction: ReportedTransaction,
    bankLines: readonly ReportedLine[],
    others: readonly ReportedLine[],
    partyEntity: 'customer' | 'vendor',
    partyKey: string | undefined,
  ): void {
    const party = partyKey === undefined ? {} : { [`${partyEntity}Key`]: partyKey };
    bankLines.forEach((line, index) => {
      const key = bankLines.length === 1 ? transaction.key : `${transaction.key}/${index + 1}`;
      const value = bankLineThroughClearing(transaction, line, key, party);
      this.bank.push({
        entity: 'bank-transaction',
        key,
        value,
        location: line.location,
        problems: [],
      });
    });
    const entry = otherLinesThroughClearing(
      transaction,
      others,
      transaction.key,
      others.some((line) => this.context.index.accountKind(line.accountKey) !== undefined)
        ? 'realised exchange difference and other lines of the payment'
        : 'other lines',
    );
    if (entry)
      this.journals.push({
        entity: 'journal-entry',
        key: entry.key,
        value: entry,
        location: entry.source,
        problems: [],
      });
  }

  /**
   * Money received or paid that no document of the exports accounts for: an unapplied credit (or
   * debit) of the contact on clearing, so the contact's balance is the legacy one.
   */
  private onAccountDocument(
    transaction: ReportedTransaction,
    entity: 'invoice' | 'bill',
    partyKey: string | undefined,
    amount: Cents,
  ): void {
    if (partyKey === undefined) {
      this.problem(
        'activity.payment-unmatched',
        `${this.where(transaction)}: the ${transaction.type} ${transaction.reference ?? ''} of ${transaction.date} moves ${formatCents(amount)} on ${entity === 'invoice' ? 'receivables' : 'payables'} but names no contact, so no document can take it and the clearing account will not net to zero. Enter it by hand.`,
        transaction,
        'error',
      );
      return;
    }
    const type = counterTypeOf(
      amount > 0n
        ? entity === 'invoice'
          ? 'invoice'
          : 'bill'
        : entity === 'invoice'
          ? 'credit-note'
          : 'vendor-credit',
    );
    const magnitude = amount > 0n ? amount : -amount;
    const count = (this.onAccountKeys.get(transaction.key) ?? 0) + 1;
    this.onAccountKeys.set(transaction.key, count);
    const key = `${transaction.key} on account${count > 1 ? ` #${count}` : ''}`;
    this.onAccount[entity].push({
      entity,
      key,
      value: documentOnClearing({
        entity,
        type,
        key,
        number: numberOf(
          `${transaction.reference ?? transaction.type} ${transaction.date}`,
          count > 1 ? `A${count}` : 'A',
        ),
        partyKey,
        date: transaction.date,
        currency: this.baseCurrency ?? 'USD',
        amount: magnitude,
        description: describe(transaction, 'on account'),
        reference: transaction.reference,
        source: transaction.location,
      }),
      location: transaction.location,
      problems: [
        problemOf(
          'activity.payment-unmatched',
          `${this.where(transaction)}: no document of ${transaction.contact ?? partyKey} in the exports is open for the ${formatCents(magnitude)} this ${transaction.type} of ${transaction.date} settles; it is migrated as ${type === 'credit-note' || type === 'vendor-credit' ? 'an unapplied credit' : 'an open charge'} of the contact, so the contact's balance is the legacy one. Apply it by hand in the workspace if it settles a document.`,
          { location: transaction.location },
        ),
      ],
    } as Mapped<'invoice'> | Mapped<'bill'>);
  }

  /**
   * Works out every settled document's amounts in its own currency, then the documents on
   * clearing that stand for the report's payments, and their applications.
   */
  private settle(): void {
    for (const document of this.register.documents) {
      const note = settleForeignAmounts(document, this.cutoverDate, this.baseCurrency);
      if (note)
        addProblem(
          document,
          problemOf('activity.due-at-cutover-assumed', `${document.value.number}: ${note}.`, {
            location: document.location,
          }),
        );
    }
    for (const { transaction, target, settlement } of this.pending) {
      const amount = settlement.amount ?? 0n;
      const { value } = target;
      const foreign = value.currency !== this.baseCurrency;
      const excess = foreign ? 0n : settlement.base - amount;
      if (excess > 0n) {
        const credit = value.type === 'credit-note' || value.type === 'vendor-credit';
        if (this.isConversionResidual(transaction, target, excess))
          this.residualOnControl(transaction, target, excess);
        else
          this.onAccountDocument(
            transaction,
            target.entity,
            target.partyKey,
            credit ? -excess : excess,
          );
      }
      target.settlementCount += 1;
      const type = counterTypeOf(value.type);
      const key = `${value.key} S${target.settlementCount}`;
      if (amount <= 0n && excess > 0n) continue;
      if (amount <= 0n) {
        this.problem(
          'activity.payment-unmatched',
          `${this.where(transaction)}: the ${transaction.type} of ${transaction.date} settles ${formatCents(settlement.base)} ${this.baseCurrency ?? ''} of ${value.number}, but nothing of it in ${value.currency} is left open by the document export; it cannot be applied. Check the document's amount due in the export.`,
          transaction,
          'error',
        );
        continue;
      }
      const document = documentOnClearing({
        entity: target.entity,
        type,
        key,
        number: numberOf(value.number, `S${target.settlementCount}`),
        partyKey: target.partyKey,
        date: transaction.date,
        currency: value.currency,
        amount,
        base: foreign ? settlement.base : undefined,
        description: describe(transaction, `settles ${value.number}`),
        reference: transaction.reference,
        source: transaction.location,
      });
      this.settling[target.entity].push({
        entity: target.entity,
        key,
        value: document,
        location: transaction.location,
        problems: [],
      } as Mapped<'invoice'> | Mapped<'bill'>);
      const counterIsCredit = type === 'credit-note' || type === 'vendor-credit';
      const creditKey = counterIsCredit ? key : value.key;
      const documentKey = counterIsCredit ? value.key : key;
      const applicationKey = creditApplicationKey(creditKey, documentKey);
      this.credits.push({
        entity: 'credit-application',
        key: applicationKey,
        value: {
          key: applicationKey,
          kind: target.entity === 'invoice' ? 'customer-credit' : 'vendor-credit',
          date: transaction.date,
          creditKey,
          documentKey,
          amount: formatCents(amount),
          partyKey: target.partyKey,
          source: transaction.location,
        },
        location: transaction.location,
        problems: [],
      });
    }
  }

  /**
   * Whether what a payment settles beyond its document's open amount is the cent or so a foreign
   * document's parts leave on the control account: the legacy books converted each part on its own,
   * so the parts add up to a little more than the whole. The document is known to be foreign only
   * from the payment itself (an aging report gives home-currency amounts alone): it posts a
   * realised exchange difference, which a payment of a home-currency document never does. Rounding
   * n parts one by one moves their sum at most n/2 cents (at least one cent allowed).
   */
  private isConversionResidual(
    transaction: ReportedTransaction,
    target: RegisteredDocument,
    excess: Cents,
  ): boolean {
    const lines = this.linesBy(transaction);
    const control = target.entity === 'invoice' ? lines.receivable : lines.payable;
    const bound = BigInt(Math.max(1, Math.floor(target.settlements.length / 2)));
    return control.length > 0 && lines.other.length > 0 && excess <= bound;
  }

  /**
   * The residual of a foreign document's parts, where the legacy books hold it: on the control
   * account, in no contact's balance (the document is fully settled, and nothing is owed). A
   * journal moves it between the control account and clearing, which the settling parts leave off
   * by exactly this much.
   */
  private residualOnControl(
    transaction: ReportedTransaction,
    target: RegisteredDocument,
    excess: Cents,
  ): void {
    const lines = this.linesBy(transaction);
    const [controlLine] = target.entity === 'invoice' ? lines.receivable : lines.payable;
    if (!controlLine) return;
    const { value } = target;
    const credit = value.type === 'credit-note' || value.type === 'vendor-credit';
    // The control line's own direction: receivables credited by a payment, payables debited.
    const amount = (target.entity === 'invoice' ? -excess : excess) * (credit ? -1n : 1n);
    const why = `conversion residual of ${value.number}`;
    const key = `${transaction.key} residual ${value.key}`;
    const controlName = target.entity === 'invoice' ? 'receivables' : 'payables';
    this.journals.push({
      entity: 'journal-entry',
      key,
      value: {
        key,
        date: transaction.date,
        ...(transaction.reference ? { number: transaction.reference } : {}),
        memo: describe(transaction, why),
        lines: [
          journalLineOf(controlLine.accountKey, amount, why, controlLine.location),
          journalLineOf(CONVERSION_CLEARING_KEY, -amount, why, controlLine.location),
        ],
        source: transaction.location,
      },
      location: transaction.location,
      problems: [
        problemOf(
          'activity.conversion-residual',
          `${this.where(transaction)}: the ${transaction.type} of ${transaction.date} settles ${formatCents(excess)} more of ${value.number} than it had open: the residual its parts left on ${controlName} when each was converted on its own (the payment posts a realised exchange difference, so the document is in another currency). As in the legacy books, it stays on the ${controlName} account and in no contact's balance: a journal of ${formatCents(excess)} against clearing.`,
          { location: transaction.location },
        ),
      ],
    });
  }

  private noteInference(transaction: ReportedTransaction, target: Target): void {
    if (!target.settlement.inferred) return;
    this.problem(
      'activity.payment-inferred',
      `${this.where(transaction)}: the ${transaction.type} of ${transaction.date} (${formatCents(target.settlement.base)}) ${target.settlement.inferred}.`,
      transaction,
    );
  }

  private inBaseCurrency(accountKey: string): boolean {
    const currency = this.context.index.accountCurrency(accountKey);
    return currency === undefined || currency === this.baseCurrency;
  }

  private where(transaction: ReportedTransaction): string {
    return `${this.report.file} ${rowsOf(transaction)}`;
  }

  private problem(
    code: Parameters<typeof problemOf>[0],
    message: string,
    transaction: ReportedTransaction,
    severity?: Problem['severity'],
  ): void {
    this.context.report(
      problemOf(code, message, {
        location: transaction.location,
        ...(severity ? { severity } : {}),
      }),
    );
  }
}

/**
 * The base values the report posted a foreign document's lines at, when its lines and the report's
 * pair off one to one by account (and description, where the report shows it).
 */
function lineBasesOf(
  documentLines: ReadonlyArray<(SalesDocument | PurchaseDocument)['lines'][number]> | undefined,
  reported: readonly ReportedLine[],
  side: Cents,
  context: MappingContext,
): LineBase[] | undefined {
  if (!documentLines || reported.length !== documentLines.length) return undefined;
  const left = [...reported];
  const pairs: Array<[number, ReportedLine]> = [];
  const describedBy = (line: ReportedLine, description: string) =>
    line.description === description || line.description.endsWith(` - ${description}`);
  for (const pass of ['described', 'by account'] as const) {
    documentLines.forEach((line, index) => {
      if (pairs.some(([taken]) => taken === index)) return;
      const match = left.find(
        (candidate) =>
          context.index.accountKey(candidate.accountKey) ===
            context.index.accountKey(line.accountKey) &&
          (pass === 'by account' || describedBy(candidate, line.description)),
      );
      if (!match) return;
      left.splice(left.indexOf(match), 1);
      pairs.push([index, match]);
    });
  }
  if (pairs.length !== documentLines.length) return undefined;
  const bases: LineBase[] = [];
  for (const [index, match] of pairs)
    bases[index] = {
      baseAmount: formatCents(-side * match.amount),
      baseTaxAmount: shareZero(formatCents(-side * (match.tax ?? 0n))),
    };
  return bases;
}

function isDocumentKind(
  kind: TransactionKind,
): kind is 'invoice' | 'credit-note' | 'bill' | 'vendor-credit' {
  return (
    kind === 'invoice' || kind === 'credit-note' || kind === 'bill' || kind === 'vendor-credit'
  );
}

/** The workspace takes numbers of at most 50 characters: `<number>-<suffix>`, cut to fit. */
function numberOf(number: string, suffix: string): string {
  const tail = `-${suffix}`;
  return `${number.slice(0, 50 - tail.length)}${tail}`;
}
