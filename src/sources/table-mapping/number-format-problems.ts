import type { Problem } from '../../ledger/index.js';
import { formatLocation } from '../../ledger/index.js';
import { problemOf } from '../../ledger/problem-catalog.js';
import type { CellValue } from '../cell.js';
import type { MappingContext } from './mapping-context.js';
import type { NumberFormatState } from './number-format-state.js';
import type { RowFields } from './row-fields.js';
import type { AnyMapped } from './table-spec.js';
import { parseAmount } from '../values/parse-amount.js';

/** One to three digits, a lone "." or ",", three digits: `10.000`, `-2.500`, `(1,234)`. */
const TWO_WAY_CELL = /^\D*[1-9]\d{0,2}[.,]\d{3}\D*$/;
const SPACED = /\d[\s\u00a0\u202f]+\d/;

/** True for an amount written as text that its file's format must settle before it is read. */
export function readsTwoWays(cell: CellValue): boolean {
  return typeof cell === 'string' && (TWO_WAY_CELL.test(cell) || SPACED.test(cell));
}

/** `"10.000" reads as 10000 ... or as 10.000 ...`: the reason parseAmount gives for an amount. */
function readings(text: string): string {
  const parsed = parseAmount(text);
  return parsed.ok || parsed.undecided === undefined ? `"${text}"` : `"${text}" (${parsed.reason})`;
}

/** The one problem per file for rows left unread because an amount reads two ways. */
export function ambiguousAmountProblem(
  file: string,
  numbers: NumberFormatState,
): Problem | undefined {
  const unread = numbers.unreadRows.get(file);
  if (!unread) return undefined;
  numbers.unreadRows.delete(file);
  const rows = unread.count === 1 ? '1 row has an amount' : `${unread.count} rows have amounts`;
  const { first } = unread;
  return problemOf(
    'amount.ambiguous-format',
    `${file}: ${rows} like ${readings(first.text)} at row ${first.location.row}, column "${first.location.column ?? ''}", and no amount in the file shows its decimal mark (like 1.234,56 or 1,234.56), so ${unread.count === 1 ? 'it was' : 'they were'} not read. Set "decimalSeparator" to "," or "." in the override file.`,
    { location: first.location },
  );
}

/**
 * The one problem per file whose amounts show both decimal marks: it names one of each, and how
 * many rows with amounts that read two ways were left unread for want of a mark.
 */
export function numberFormatConflict(
  file: string,
  numbers: NumberFormatState,
): Problem | undefined {
  const conflict = numbers.conflict(file);
  if (!conflict || !numbers.takeConflict(file)) return undefined;
  const unread = numbers.conflictRows.get(file);
  numbers.conflictRows.delete(file);
  const { dot, comma } = conflict;
  const firstSeen = dot.location.row <= comma.location.row ? dot : comma;
  const unreadText = unread
    ? ` ${unread.count === 1 ? '1 row' : `${unread.count} rows`} with amounts like ${readings(unread.first.text)} (row ${unread.first.location.row}) ${unread.count === 1 ? 'was' : 'were'} not read.`
    : '';
  return problemOf(
    'amount.format-conflict',
    `${file}: its amounts disagree on the decimal mark: "${comma.text}" (${formatLocation(comma.location)}) has a decimal comma, "${dot.text}" (${formatLocation(dot.location)}) a decimal point.${unreadText} Check the amounts of this file, then set "decimalSeparator" to "," or "." in the override file; amounts that do not fit it are then reported one by one.`,
    { location: firstSeen.location },
  );
}

/** Currencies written with each symbol: an amount with the symbol may be in any of them. */
const SYMBOL_CURRENCIES: Record<string, ReadonlySet<string>> = {
  $: new Set([
    'USD',
    'CAD',
    'AUD',
    'NZD',
    'SGD',
    'HKD',
    'MXN',
    'ARS',
    'CLP',
    'COP',
    'TWD',
    'BSD',
    'BBD',
    'BZD',
    'BMD',
    'BND',
    'FJD',
    'JMD',
    'KYD',
    'NAD',
    'TTD',
    'XCD',
  ]),
  '£': new Set(['GBP', 'EGP', 'GIP', 'FKP', 'SHP']),
  '€': new Set(['EUR']),
  '¥': new Set(['JPY', 'CNY']),
  '₹': new Set(['INR']),
};

function fits(mark: string, currency: string): boolean {
  return SYMBOL_CURRENCIES[mark]?.has(currency) ?? mark === currency;
}

/**
 * The currency an amount of the record is in: the record's own, the bank account's for a bank
 * line, else the company's (the default currency). Undefined when nothing says.
 */
function currencyOf(
  output: AnyMapped,
  context: MappingContext,
): { code: string; whose: string } | undefined {
  const value = output.value as { currency?: unknown; bankAccountKey?: unknown } | undefined;
  if (typeof value?.currency === 'string') return { code: value.currency, whose: "the row's" };
  if (output.entity === 'bank-transaction' && typeof value?.bankAccountKey === 'string') {
    const account = context.index.accountCurrency(value.bankAccountKey);
    if (account !== undefined) return { code: account, whose: "the bank account's" };
  }
  const company = context.defaultCurrency;
  return company === undefined ? undefined : { code: company, whose: "the company's" };
}

/**
 * An amount written with a currency code or symbol that is not its record's currency
 * (`EUR 1,000.00` in a USD company) is never read as that currency: a located error on the record.
 */
export function foreignAmounts(
  output: AnyMapped,
  fields: readonly RowFields[],
  context: MappingContext,
): Problem[] {
  if (!fields.some((field) => field.currencyMarks.length > 0)) return [];
  const currency = currencyOf(output, context);
  if (currency === undefined) return [];
  return fields.flatMap((field) =>
    field.currencyMarks
      .filter((mark) => !fits(mark.currency, currency.code))
      .map((mark) =>
        problemOf(
          'amount.currency-mismatch',
          `${field.where(mark.column)} holds "${mark.text}", an amount in ${mark.currency}, but the record is in ${currency.code} (${currency.whose} currency), so it is not read as ${currency.code}. Write the amount in ${currency.code}, or give the record the currency it is in.`,
          { location: field.location(mark.column) },
        ),
      ),
  );
}
