import { jsonNumber, type LosslessNumber } from '../../src/json/exact-json.js';
import { formatCents, type Cents } from '../../src/money/index.js';

/** Money on the wire: a JSON number with exactly two places, written from cents. */
export function money(cents: Cents): LosslessNumber {
  return jsonNumber(formatCents(cents));
}

/** A quantity or unit price on the wire, with its exact decimal text. */
export function decimal(text: string): LosslessNumber {
  return jsonNumber(text);
}

/** Cents as a two-place decimal string (opening balance rows, spec). */
export function moneyString(cents: Cents): string {
  return formatCents(cents);
}
