import type { IsoDate, SourceLocation } from '../../src/ledger/index.js';
import { problemOf } from '../../src/ledger/problem-catalog.js';
import { centsOf, type Cents } from '../../src/money/index.js';
import { OffHeapList } from '../../src/offheap/off-heap-map.js';
import { cellText, isBlankCell } from '../../src/sources/cell.js';
import type { LedgerIndex } from '../../src/sources/table-mapping/ledger-index.js';
import type { MappingContext } from '../../src/sources/table-mapping/mapping-context.js';
import { vocabulary } from '../../src/sources/table-mapping/row-fields.js';
import type { TableSpec } from '../../src/sources/table-mapping/table-spec.js';
import { activitySteps, carriedKinds } from '../shared/activity/activity-records.js';
import { DocumentRegister } from '../shared/activity/document-register.js';
import { registerOpenItems } from '../shared/activity/open-items.js';
import { agedBaseDueOf } from './aged-detail.js';
import {
  HeldTransactions,
  type ReportedLine,
  type TransactionKind,
} from '../shared/activity/reported-transaction.js';

/**
 * Xero's Account Transactions report (Accounting → Reports → Account Transactions, every account,
 * the period from the cutover to the end date, Export): the journal lines of every transaction,
 * one section per account headed by its name, with `Date, Source, Description, Reference, Debit,
 * Credit` (Debit and Credit net of tax; the tax on the tax account's own rows). Every payment, spend
 * and receive money, transfer, refund and manual journal after the cutover is read from it; its
 * invoices and bills value the foreign documents of the invoice and bill exports. Recognised by its
 * title whatever the file is called. Layout evidence: ../shared/real-layouts (real).
 */

/** A journal line of the report, before its transaction is rebuilt. */
interface ReadLine extends ReportedLine {
  date: IsoDate;
  source: string;
  reference: string | undefined;
}

/**
 * What the report has read: its lines (off the heap: a large company's report has half a million,
 * held until the documents are read), and the section being read.
 */
interface AccountTransactions {
  file: string;
  lines: OffHeapList<ReadLine>;
  section: { name: string; accountKey: string | undefined } | undefined;
}

const FACTS_KEY = 'xero:account-transactions';

/** The report as read so far, if the folder has one. */
export function accountTransactionsOf(context: MappingContext): AccountTransactions | undefined {
  return context.facts.get(FACTS_KEY) as AccountTransactions | undefined;
}

/** How Xero's Source column names each kind of transaction. */
const kinds = vocabulary<TransactionKind>({
  'receivable invoice': 'invoice',
  'receivable credit note': 'credit-note',
  'payable invoice': 'bill',
  'payable credit note': 'vendor-credit',
  'receivable payment': 'customer-payment',
  'receivable overpayment': 'customer-payment',
  'receivable prepayment': 'customer-payment',
  'receivable credit note payment': 'customer-payment',
  'receivable overpayment payment': 'customer-payment',
  'receivable prepayment payment': 'customer-payment',
  'payable payment': 'vendor-payment',
  'payable overpayment': 'vendor-payment',
  'payable prepayment': 'vendor-payment',
  'payable credit note payment': 'vendor-payment',
  'payable overpayment payment': 'vendor-payment',
  'payable prepayment payment': 'vendor-payment',
  'spend money': 'bank',
  'receive money': 'bank',
  'bank transfer': 'bank',
  'expense claim payment': 'bank',
  'manual journal': 'journal',
  'expense claim': 'journal',
  // Xero leaves Source blank on its fixed asset depreciation journals.
  '': 'journal',
});

const TOTAL_OR_BALANCE = /^(total\b|opening balance$|closing balance$)/i;

export const xeroAccountTransactions: TableSpec<'bank-transaction'> = {
  id: 'account_transactions',
  entity: 'bank-transaction',
  fileNames: ['account transactions'],
  titled: (lines) => lines.some((line) => /\baccount\s+transactions\b/i.test(line)),
  columns: [
    { id: 'Date', headers: ['Date'], required: true },
    { id: 'Source', headers: ['Source', 'Source Type'], required: true },
    { id: 'Description', headers: ['Description'] },
    { id: 'Reference', headers: ['Reference'] },
    { id: 'Debit', headers: ['Debit'], required: true },
    { id: 'Credit', headers: ['Credit'], required: true },
    { id: 'Running Balance', headers: ['Running Balance'] },
    { id: 'Gross', headers: ['Gross'] },
    { id: 'Tax', headers: ['Tax'] },
  ],
  dateColumns: ['Date'],
  amountColumns: ['Debit', 'Credit', 'Gross', 'Tax'],
  map([row], context) {
    if (!row) return [];
    const report = reportOf(context);
    const first = cellText(row.row.cells[0]);
    const blank = (column: string) => isBlankCell(row.row.cell(column));
    if (blank('Source') && blank('Debit') && blank('Credit')) {
      // A section heading: the account's name, nothing else.
      if (first !== '') openSection(report, first, row.location(), context);
      return [];
    }
    if (TOTAL_OR_BALANCE.test(first)) return [];
    const section = report.section;
    const date = row.date('Date', { required: true });
    const debit = row.moneyOrZero('Debit');
    const credit = row.moneyOrZero('Credit');
    const tax = row.has('Tax') ? row.moneyOrZero('Tax') : undefined;
    if (section === undefined) {
      row.fail(
        'activity.unbalanced',
        `${row.where('Date')}: the row is above the first account's heading, so its account is unknown. Export the report again as Xero writes it.`,
        'Date',
      );
    }
    if (row.failed || !date || debit === undefined || credit === undefined || !section?.accountKey)
      return [];
    report.lines.push({
      accountKey: section.accountKey,
      amount: centsOf(debit) - centsOf(credit),
      description: row.text('Description') ?? '',
      ...(tax === undefined || tax === '0.00' ? {} : { tax: centsOf(tax) }),
      location: row.location(),
      date,
      source: row.text('Source') ?? '',
      reference: row.text('Reference'),
    });
    return [];
  },
};

function reportOf(context: MappingContext): AccountTransactions {
  const existing = accountTransactionsOf(context);
  if (existing) return existing;
  const created: AccountTransactions = {
    file: context.table.file,
    lines: new OffHeapList(),
    section: undefined,
  };
  context.facts.set(FACTS_KEY, created);
  return created;
}

function openSection(
  report: AccountTransactions,
  name: string,
  location: SourceLocation,
  context: MappingContext,
): void {
  const accountKey = context.index.accountKey(name);
  report.section = { name, accountKey };
  if (accountKey === undefined)
    context.report(
      problemOf(
        'reference.unknown-account',
        `${report.file} row ${location.row}: the section "${name}" names no account of the chart of accounts, so its rows cannot be read. Export the Chart of Accounts with the report, or rename the account to match.`,
        { location },
      ),
    );
}

/**
 * The report's records, once the documents are read: its transactions rebuilt from the lines of
 * every account's section, then migrated (mappings/shared/activity/activity-records.ts).
 */
export const [xeroActivityDocuments, xeroActivitySettlements] = activitySteps(
  'account_transactions',
  (context) => {
    const report = accountTransactionsOf(context);
    const register = documentRegisterOf(context);
    // Only the trial balance and the aged reports: their open items are the documents.
    for (const entity of ['invoice', 'bill'] as const) {
      if (documentsExported(context, entity)) continue;
      registerOpenItems(agedBaseDueOf(context, entity)?.items ?? [], register, baseOf(context));
    }
    return {
      report: {
        file: report?.file ?? '',
        title: 'Account Transactions report',
        transactions: report
          ? transactionsOf(takeLines(report), context.index)
          : new HeldTransactions(),
        kindOf: (type) => kinds.get(type.toLowerCase().replace(/[^a-z0-9]/g, '')),
        carried: carriedKinds(context),
      },
      register,
    };
  },
);

/** The report's lines, which only its transactions need from now on. */
function takeLines(report: AccountTransactions): OffHeapList<ReadLine> {
  const { lines } = report;
  report.lines = new OffHeapList();
  return lines;
}

const REGISTER_KEY = 'xero:documents';

/** The documents the report's payments may settle (document-register.ts). */
export function documentRegisterOf(context: MappingContext): DocumentRegister {
  let register = context.facts.get(REGISTER_KEY) as DocumentRegister | undefined;
  if (!register) {
    register = new DocumentRegister(context.defaultCurrency, context.cutoverDate);
    context.facts.set(REGISTER_KEY, register);
  }
  return register;
}

const exportedKey = (entity: 'invoice' | 'bill') => `xero:exported:${entity}`;

/** Notes that the folder holds an export of these documents (Sales Invoices.csv, Bills.csv). */
export function noteDocumentsExported(context: MappingContext, entity: 'invoice' | 'bill'): void {
  context.facts.set(exportedKey(entity), true);
}

function documentsExported(context: MappingContext, entity: 'invoice' | 'bill'): boolean {
  return context.facts.get(exportedKey(entity)) === true;
}

function baseOf(context: MappingContext): string {
  return context.defaultCurrency ?? 'USD';
}

/**
 * Lines that share a date, source, reference and contact. Its lines are a chain through
 * `LineChains.next`, by their places among the report's lines: a list per group held half a
 * million places in slots a hundred thousand lists left empty.
 */
interface LineGroup {
  first: number;
  last: number;
  /** The sum of their amounts: zero when they balance. */
  sum: Cents;
  /** The date, source and reference of its first line. */
  sameAs: string;
}

/** The next line of each line's group, by place; -1 at a group's last line. */
type LineChains = Int32Array;

/**
 * Rebuilds the transactions from the report's lines. The report lists each transaction's lines
 * under their accounts with the same date, source, reference and contact (the description's
 * "<contact> - <line>" or the contact alone), so lines with those in common are one transaction;
 * lines that share them but belong to two transactions of one day are told apart by their bank
 * lines, each with the lines that balance it. The lines are read from off the heap twice: once to
 * group them, then group by group.
 */
function transactionsOf(lines: OffHeapList<ReadLine>, index: LedgerIndex): HeldTransactions {
  const next: LineChains = new Int32Array(lines.length).fill(-1);
  const byKey = new Map<string, LineGroup>();
  let place = 0;
  for (const line of lines) {
    const contact = contactIn(line.description, index);
    const journal = kinds.get(line.source.toLowerCase().replace(/[^a-z0-9]/g, '')) === 'journal';
    const who = journal ? '' : (contact ?? line.description);
    const sameAs = [line.date, line.source, line.reference ?? ''].join('\u0000');
    const key = [sameAs, who].join('\u0000');
    const group = byKey.get(key);
    if (group) {
      next[group.last] = place;
      group.last = place;
      group.sum += line.amount;
    } else byKey.set(key, { first: place, last: place, sum: line.amount, sameAs });
    place += 1;
  }
  const groups = [...byKey.values()];
  byKey.clear();
  const transactions = new HeldTransactions();
  const seen = new Map<string, number>();
  for (const firsts of mergeUnbalanced(groups)) {
    const group: ReadLine[] = [];
    for (const first of firsts)
      for (let at = first; at >= 0; at = next[at] ?? -1) {
        const line = lines.at(at);
        if (line) group.push(line);
      }
    for (const part of splitByBankLine(group, index)) {
      const [first] = part;
      if (!first) continue;
      const contact = contactIn(first.description, index);
      const base = [first.date, first.source, first.reference, contact].filter(Boolean).join(' ');
      const count = (seen.get(base) ?? 0) + 1;
      seen.set(base, count);
      const location = [...part].sort((a, b) => a.location.row - b.location.row)[0]?.location;
      transactions.add({
        key: count === 1 ? base : `${base} #${count}`,
        date: first.date,
        type: first.source,
        contact,
        reference: first.reference,
        lines: part,
        location: location ?? first.location,
      });
    }
  }
  return transactions;
}

/**
 * Groups that do not balance on their own (a journal whose lines carry different descriptions) are
 * joined with the others of the same date, source and reference when together they balance. Each
 * transaction is given as the first lines of the groups it joins, in order.
 */
function mergeUnbalanced(groups: readonly LineGroup[]): number[][] {
  const out: number[][] = [];
  const pending = new Map<string, number[]>();
  for (const group of groups) {
    if (group.sum === 0n) {
      out.push([group.first]);
      continue;
    }
    pending.set(group.sameAs, [...(pending.get(group.sameAs) ?? []), group.first]);
  }
  // What still does not balance is passed on whole: its transaction reports it.
  return [...out, ...pending.values()];
}

/**
 * A group with several bank lines (two payments of one supplier's bill on one day, say): each bank
 * line with the fewest other lines that balance it, when every line finds its place; else the group
 * stays whole (migrated through the clearing account, which keeps every amount).
 */
function splitByBankLine(group: ReadLine[], index: LedgerIndex): ReadLine[][] {
  const isBank = (line: ReadLine) => {
    const kind = index.accountKind(line.accountKey);
    return kind === 'bank' || kind === 'credit-card';
  };
  const bank = group.filter(isBank);
  const rest = group.filter((line) => !isBank(line));
  // The search below grows with the cube of the lines: a group that large stays whole.
  if (bank.length < 2 || rest.length === 0 || rest.length > SPLIT_SEARCH_LINES) return [group];
  const parts: ReadLine[][] = [];
  const left = [...rest];
  for (const line of bank) {
    const match = smallestBalancing(left, -line.amount);
    if (!match) return [group];
    for (const taken of match) left.splice(left.indexOf(taken), 1);
    parts.push([line, ...match]);
  }
  return left.length === 0 ? parts : [group];
}

const SPLIT_SEARCH_LINES = 24;

/** The fewest lines (up to three) of `lines` adding up to `target`, in row order. */
function smallestBalancing(lines: readonly ReadLine[], target: Cents): ReadLine[] | undefined {
  const n = lines.length;
  for (let i = 0; i < n; i += 1) if (lines[i]?.amount === target) return [lines[i] as ReadLine];
  for (let i = 0; i < n; i += 1)
    for (let j = i + 1; j < n; j += 1) {
      const a = lines[i] as ReadLine;
      const b = lines[j] as ReadLine;
      if (a.amount + b.amount === target) return [a, b];
    }
  for (let i = 0; i < n; i += 1)
    for (let j = i + 1; j < n; j += 1)
      for (let k = j + 1; k < n; k += 1) {
        const a = lines[i] as ReadLine;
        const b = lines[j] as ReadLine;
        const c = lines[k] as ReadLine;
        if (a.amount + b.amount + c.amount === target) return [a, b, c];
      }
  return undefined;
}

/**
 * The contact a description names: the whole description, or the longest part before " - " that is
 * a customer's or supplier's name (Xero writes "<contact> - <line description>").
 */
function contactIn(description: string, index: LedgerIndex): string | undefined {
  const known = (text: string) =>
    index.partyKey('customer', text) !== undefined || index.partyKey('vendor', text) !== undefined;
  if (description !== '' && known(description)) return description;
  let best: string | undefined;
  let at = description.indexOf(' - ');
  while (at > 0) {
    const prefix = description.slice(0, at);
    if (known(prefix)) best = prefix;
    at = description.indexOf(' - ', at + 3);
  }
  return best;
}
