import { parseDecimal, type Cents } from './decimal.js';

/**
 * Exchange-rate arithmetic for foreign-currency documents. A rate is an exact decimal string, never
 * a float; every conversion rounds once, half away from zero, to whole cents of the base currency.
 */

/** n / d rounded half away from zero (d must not be zero). */
export function divideRounded(n: bigint, d: bigint): bigint {
  if (d === 0n) throw new RangeError('division by zero');
  const negative = n < 0n !== d < 0n;
  const an = n < 0n ? -n : n;
  const ad = d < 0n ? -d : d;
  const quotient = an / ad;
  const rounded = (an % ad) * 2n >= ad ? quotient + 1n : quotient;
  return negative ? -rounded : rounded;
}

function positiveRate(rate: string): { units: bigint; scale: number } {
  const parsed = parseDecimal(rate);
  if (parsed.units <= 0n) throw new RangeError(`an exchange rate must be positive: ${rate}`);
  return parsed;
}

/** True when `rate` is a plain positive decimal. */
export function isExchangeRate(rate: string): boolean {
  try {
    positiveRate(rate);
    return true;
  } catch {
    return false;
  }
}

/**
 * `amount` (cents of the document's currency) in base-currency cents, at `rate` base units per one
 * document-currency unit (the QuickBooks convention, and the sandbox's rate table).
 */
export function multiplyByRate(amount: Cents, rate: string): Cents {
  const { units, scale } = positiveRate(rate);
  return divideRounded(amount * units, 10n ** BigInt(scale));
}

/**
 * `amount` (cents of the document's currency) in base-currency cents, at `rate` document-currency
 * units per one base unit (the Xero convention: CurrencyRate 0.75 on a USD invoice of a CAD
 * organisation means 1 CAD = 0.75 USD).
 */
export function divideByRate(amount: Cents, rate: string): Cents {
  const { units, scale } = positiveRate(rate);
  return divideRounded(amount * 10n ** BigInt(scale), units);
}

/** The base value of `part` of a document whose `total` is worth `baseTotal`: pro rata, rounded. */
export function proRata(part: Cents, total: Cents, baseTotal: Cents): Cents {
  if (total === 0n) return 0n;
  return divideRounded(part * baseTotal, total);
}

/**
 * Splits `baseTotal` over `amounts` in proportion, so the parts add up to exactly `baseTotal`: each
 * part is rounded, and what rounding left over goes to the largest amount (the least distorted).
 */
export function allocateBase(baseTotal: Cents, amounts: readonly Cents[]): Cents[] {
  const total = amounts.reduce((sum, amount) => sum + amount, 0n);
  const parts = amounts.map((amount) => proRata(amount, total, baseTotal));
  const rest = baseTotal - parts.reduce((sum, part) => sum + part, 0n);
  if (rest !== 0n && parts.length > 0) {
    let largest = 0;
    const magnitude = (value: Cents) => (value < 0n ? -value : value);
    amounts.forEach((amount, index) => {
      if (magnitude(amount) > magnitude(amounts[largest] ?? 0n)) largest = index;
    });
    parts[largest] = (parts[largest] ?? 0n) + rest;
  }
  return parts;
}
