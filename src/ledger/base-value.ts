import { allocateBase, centsOf, multiplyByRate, proRata, type Cents } from '../money/index.js';
import type { PurchaseDocument, SalesDocument } from './model.js';

type Document = SalesDocument | PurchaseDocument;

/**
 * A document's total in the base currency, as the legacy books recorded it: the total itself for a
 * base-currency document, else the export's base total, else its total at the export's rate, else
 * what the legacy aged receivables or payables report says is due on it in base currency (pro rata
 * of what was due at the cutover). Undefined when a foreign document carries none of these: its open amount at
 * the cutover is then estimated from the trial balance (estimateFromTrialBalance).
 */
export function legacyBaseTotal(document: Document, baseCurrency: string): Cents | undefined {
  const total = centsOf(document.total);
  if (document.currency === baseCurrency) return total;
  if (document.baseTotal !== undefined) return centsOf(document.baseTotal);
  if (document.exchangeRate !== undefined) return multiplyByRate(total, document.exchangeRate);
  const due = valuedDue(document);
  if (document.baseAmountDue !== undefined && due !== undefined)
    return proRata(total, due, centsOf(document.baseAmountDue));
  return undefined;
}

/** The amount due that `baseAmountDue` values: what was due at the cutover (model.ts). */
function valuedDue(document: Document): Cents | undefined {
  const due = document.dueAtCutover ?? document.amountDue;
  return due === undefined ? undefined : centsOf(due);
}

/**
 * A document's open amount at the cutover and its base value, when the base value was estimated
 * from the trial balance (kept in the document's facts: src/migration/contracts/stage-manifest.ts).
 */
export interface BaseEstimate {
  /** The open amount at the cutover, in the document's currency. */
  open: Cents;
  /** Its estimated value in base currency. */
  base: Cents;
}

/**
 * The trial-balance estimate of foreign documents that carry no base value of their own: the
 * legacy control balance (receivables or payables, base currency) less what the other documents
 * open at the cutover are worth (`target`), split over the documents' open amounts (signed: credits
 * negative) pro rata, exact to the cent. The one rule, used by validation and by staging.
 */
export function estimateFromTrialBalance(target: Cents, openAmounts: readonly Cents[]): Cents[] {
  return allocateBase(target, openAmounts);
}

/**
 * The base value of `part` (cents of the document's currency) of a document: pro rata of its legacy
 * base total, so the whole document is worth exactly its base total (or of its base amount due, so
 * that amount is worth exactly what the aged report says). A foreign document without a base value
 * of its own takes its trial-balance `estimate`; without one either (an invalid document) the
 * amount is returned as it is.
 */
export function legacyBaseOf(
  document: Document,
  part: Cents,
  baseCurrency: string,
  estimate?: BaseEstimate,
): Cents {
  if (document.currency === baseCurrency) return part;
  const due = valuedDue(document);
  if (document.baseAmountDue !== undefined && due !== undefined)
    return proRata(part, due, centsOf(document.baseAmountDue));
  const base = legacyBaseTotal(document, baseCurrency);
  if (base !== undefined) return proRata(part, centsOf(document.total), base);
  if (estimate) return proRata(part, estimate.open, estimate.base);
  return part;
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
  const posted = postedBaseLines(document);
  if (posted && document.currency !== baseCurrency && sumOf(posted) === base)
    return document.lines.map((_, index) => ({
      amount: posted[index * 2] ?? 0n,
      tax: posted[index * 2 + 1] ?? 0n,
    }));
  const parts =
    base === undefined || document.currency === baseCurrency
      ? amounts
      : allocateBase(base, amounts);
  return document.lines.map((_, index) => ({
    amount: parts[index * 2] ?? 0n,
    tax: parts[index * 2 + 1] ?? 0n,
  }));
}

/** The lines' own base values, [amount0, tax0, ...], when every line has them. */
function postedBaseLines(document: Document): Cents[] | undefined {
  if (!document.lines.every((line) => line.baseAmount !== undefined)) return undefined;
  return document.lines.flatMap((line) => [
    centsOf(line.baseAmount ?? '0'),
    centsOf(line.baseTaxAmount ?? '0'),
  ]);
}

function sumOf(values: readonly Cents[]): Cents {
  return values.reduce((sum, value) => sum + value, 0n);
}
