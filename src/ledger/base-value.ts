import { allocateBase, centsOf, multiplyByRate, proRata, type Cents } from '../money/index.js';
import type { PurchaseDocument, SalesDocument } from './model.js';

type Document = SalesDocument | PurchaseDocument;

/**
 * A document's total in the base currency, as the legacy books recorded it: the total itself for a
 * base-currency document, else the export's base total, else its total at the export's rate.
 * Undefined when a foreign document carries neither (validation reports it: currency.no-base-value).
 */
export function legacyBaseTotal(document: Document, baseCurrency: string): Cents | undefined {
  const total = centsOf(document.total);
  if (document.currency === baseCurrency) return total;
  if (document.baseTotal !== undefined) return centsOf(document.baseTotal);
  if (document.exchangeRate !== undefined) return multiplyByRate(total, document.exchangeRate);
  return undefined;
}

/**
 * The base value of `part` (cents of the document's currency) of a document: pro rata of its legacy
 * base total, so the whole document is worth exactly its base total. Without a base value (an
 * invalid foreign document) the amount is returned as it is.
 */
export function legacyBaseOf(document: Document, part: Cents, baseCurrency: string): Cents {
  const base = legacyBaseTotal(document, baseCurrency);
  if (base === undefined || document.currency === baseCurrency) return part;
  return proRata(part, centsOf(document.total), base);
}

/**
 * The base value of each line (net amount, then tax) of a document, adding up to its legacy base
 * total: [amount0, tax0, amount1, tax1, ...]. Base-currency documents keep their amounts.
 */
export function legacyBaseLines(
  document: Document,
  baseCurrency: string,
): Array<{ amount: Cents; tax: Cents }> {
  const amounts = document.lines.flatMap((line) => [centsOf(line.amount), centsOf(line.taxAmount)]);
  const base = legacyBaseTotal(document, baseCurrency);
  const parts =
    base === undefined || document.currency === baseCurrency
      ? amounts
      : allocateBase(base, amounts);
  return document.lines.map((_, index) => ({
    amount: parts[index * 2] ?? 0n,
    tax: parts[index * 2 + 1] ?? 0n,
  }));
}
