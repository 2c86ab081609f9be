import type { DocumentLine, Money, Payment, SourceLocation } from '../../src/ledger/index.js';
import {
  centsOf,
  formatCents,
  lineAmountCents,
  normalizeDecimal,
  parseDecimal,
  isExchangeRate,
} from '../../src/money/index.js';
import type { MappingContext } from '../../src/sources/table-mapping/mapping-context.js';
import type { RowFields } from '../../src/sources/table-mapping/row-fields.js';
import { documentNumbering } from './keys.js';
import { problemOf } from '../../src/ledger/problem-catalog.js';

/** A document line before its amount is settled. */
export interface LineDraft {
  description: string;
  itemKey?: string | undefined;
  quantity: string;
  unitPrice: string;
  /** The export's line amount; when absent, quantity × unit price rounded to cents. */
  amount?: Money | undefined;
  accountKey: string;
  taxAmount: Money;
  taxCode?: string | undefined;
  source: SourceLocation;
}

/** A line draft read from `row`: its description and tax code from the layout's columns. */
export function lineDraftOf(
  row: RowFields,
  columns: { description: string; taxCode: string },
  parts: Omit<LineDraft, 'description' | 'taxCode' | 'source'>,
): LineDraft {
  return {
    description: row.text(columns.description) ?? '',
    ...parts,
    taxCode: row.text(columns.taxCode),
    source: row.location(),
  };
}

/** A canonical line: net amount from the export or from quantity × unit price. */
export function lineOf(draft: LineDraft): DocumentLine {
  const line: DocumentLine = {
    description: draft.description,
    quantity: draft.quantity,
    unitPrice: draft.unitPrice,
    amount: draft.amount ?? formatCents(lineAmountCents(draft.quantity, draft.unitPrice)),
    accountKey: draft.accountKey,
    taxAmount: draft.taxAmount,
    source: draft.source,
  };
  if (draft.itemKey) line.itemKey = draft.itemKey;
  if (draft.taxCode) line.taxCode = draft.taxCode;
  return line;
}

/**
 * Document totals: what the export states wins (validation then checks it against the lines);
 * what it omits is computed from the lines, and total = subtotal + tax.
 */
export function totalsOf(
  lines: readonly DocumentLine[],
  stated: { subtotal?: Money | undefined; taxTotal?: Money | undefined; total?: Money | undefined },
): { subtotal: Money; taxTotal: Money; total: Money } {
  const sum = (pick: (line: DocumentLine) => Money) =>
    lines.reduce((total, line) => total + centsOf(pick(line)), 0n);
  const taxTotal = stated.taxTotal ?? formatCents(sum((line) => line.taxAmount));
  const subtotal =
    stated.subtotal ??
    (stated.total !== undefined && stated.taxTotal !== undefined
      ? formatCents(centsOf(stated.total) - centsOf(stated.taxTotal))
      : formatCents(sum((line) => line.amount)));
  const total = stated.total ?? formatCents(centsOf(subtotal) + centsOf(taxTotal));
  return { subtotal, taxTotal, total };
}

/**
 * The members every format's document starts with: its numbering (see `documentNumbering`), dates,
 * currency, reference, canonical lines and totals (what the export states, else computed: see
 * `totalsOf`).
 */
export function documentHead(
  ownNumber: string | undefined,
  stated: Parameters<typeof totalsOf>[1],
  parts: {
    number: string | undefined;
    contact: string;
    date: string;
    dueDate: string | undefined;
    currency: string;
    reference: string | undefined;
    drafts: readonly LineDraft[];
  },
) {
  const lines = parts.drafts.map(lineOf);
  const totals = totalsOf(lines, stated);
  const numbering = documentNumbering(ownNumber, {
    number: parts.number,
    contact: parts.contact,
    date: parts.date,
    total: totals.total,
  });
  // Each member named rather than spread: a document's object built from spreads took 6% of the
  // exports reader thread at a million records (docs/benchmarks.md, "What changed the xlarge
  // figures").
  return {
    key: numbering.key,
    number: numbering.number,
    legacyNumber: numbering.legacyNumber,
    date: parts.date,
    dueDate: parts.dueDate,
    currency: parts.currency,
    reference: parts.reference,
    lines,
    subtotal: totals.subtotal,
    taxTotal: totals.taxTotal,
    total: totals.total,
  };
}

/**
 * A payment's canonical value: its bank account and party resolved through the index, its reference
 * and source from its first row.
 */
export function paymentValue(
  first: RowFields,
  context: MappingContext,
  parts: {
    key: string;
    date: string;
    bank: string;
    amount: Money;
    currency: string;
    partyEntity: 'customer' | 'vendor';
    party: string;
  },
  allocations: Payment['allocations'],
): Payment {
  return compact({
    key: parts.key,
    date: parts.date,
    bankAccountKey: context.index.accountKey(parts.bank) ?? parts.bank,
    amount: parts.amount,
    currency: parts.currency,
    partyKey: context.index.partyKey(parts.partyEntity, parts.party) ?? parts.party,
    reference: first.text('Reference'),
    allocations,
    source: first.location(),
  });
}

/**
 * Drops undefined members so optional canonical fields are absent, not undefined. Copies rather than
 * deletes, which keeps the objects fast for V8. With `more`, its members follow `value`'s in one new
 * object: a document's head and the rest of it are joined here, not spread into an object first.
 */
export function compact<T extends object>(value: T): T;
export function compact<T extends object, U extends object>(value: T, more: U): T & U;
export function compact<T extends object, U extends object>(value: T, more?: U): T & U {
  const result = {} as T & U;
  for (const key in value) {
    if (value[key] !== undefined) (result as T)[key] = value[key];
  }
  for (const key in more) {
    if (more[key] !== undefined) (result as U)[key] = more[key];
  }
  return result;
}

/**
 * A document's or payment's currency: its column, else the override file's "defaultCurrency". With
 * neither, the row fails: the message names `subject`, says "currency" (or the column, where the
 * format's messages name it) and, for `fillColumn`, offers filling the column in as a fix too.
 */
export function currencyOrFail(
  row: RowFields,
  column: string,
  context: MappingContext,
  wording: { subject: string; nameColumn?: boolean; fillColumn?: boolean },
): string | undefined {
  const currency = row.text(column)?.toUpperCase() ?? context.defaultCurrency;
  if (!currency) {
    const missing = wording.nameColumn ? column : 'currency';
    const fill = wording.fillColumn ? `fill the ${column} column or ` : '';
    row.fail(
      'document.missing-currency',
      `Row ${row.row.row}: ${wording.subject} has no ${missing}; ${fill}set "defaultCurrency" in the override file.`,
      column,
    );
  }
  return currency;
}

/** Splits a debit/credit pair or a signed amount into one non-negative side. */
export function sidesOf(netCents: bigint): { debit: Money; credit: Money } {
  return netCents >= 0n
    ? { debit: formatCents(netCents), credit: '0.00' }
    : { debit: '0.00', credit: formatCents(-netCents) };
}

/** A line's account: the one it names, else its item's income (sales) or expense account. */
export function lineAccountKey(
  context: MappingContext,
  accountText: string | undefined,
  itemKey: string | undefined,
  sales: boolean,
): string | undefined {
  if (accountText) return context.index.accountKey(accountText) ?? accountText;
  const itemAccounts = itemKey ? context.index.productAccounts(itemKey) : {};
  return sales ? itemAccounts.incomeAccountKey : itemAccounts.expenseAccountKey;
}

/** amount ÷ quantity to six places (half away from zero), or undefined for a zero quantity. */
export function unitPriceOf(amount: string, quantity: string): string | undefined {
  const q = parseDecimal(quantity);
  if (q.units === 0n) return undefined;
  const a = parseDecimal(amount);
  const numerator = a.units * 10n ** BigInt(6 + q.scale);
  const denominator = q.units * 10n ** BigInt(a.scale);
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const units = (n * 2n + d) / (2n * d);
  const digits = units.toString().padStart(7, '0');
  return normalizeDecimal(`${negative ? '-' : ''}${digits.slice(0, -6)}.${digits.slice(-6)}`);
}

/**
 * An exchange-rate column of a document export: a positive exact decimal, or a located error. Blank
 * means the export gives no rate (a base-currency document, or one valued by another column).
 */
export function exchangeRateOf(row: RowFields, column: string): string | undefined {
  const rate = row.decimal(column);
  if (rate === undefined) return undefined;
  if (!isExchangeRate(rate)) {
    row.fail(
      'currency.invalid-rate',
      `${row.where(column)} holds ${rate}, which is not an exchange rate; it must be above zero (leave it blank for a base-currency document).`,
      column,
    );
    return undefined;
  }
  return normalizeDecimal(rate);
}

/**
 * Document-level values repeat on every line row; when a later row disagrees with the first, the
 * first wins and the consultant is told where, so a mis-sorted export does not pass silently.
 */
export function checkRepeatedValues(rows: readonly RowFields[], columns: readonly string[]): void {
  const [first, ...rest] = rows;
  if (!first) return;
  for (const column of columns) {
    const expected = first.text(column);
    for (const row of rest) {
      const actual = row.text(column);
      if (actual === undefined || actual === expected) continue;
      first.problems.push(
        problemOf(
          'document.inconsistent-rows',
          `${row.where(column)} says "${actual}" but the document's first row (row ${first.row.row}) says "${expected ?? ''}"; the first row's value is used. Check the rows are sorted by document.`,
          { location: row.location(column) },
        ),
      );
      break;
    }
  }
}
