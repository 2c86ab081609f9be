import { normalizeDecimal, parseDecimal } from '../../src/money/index.js';

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
