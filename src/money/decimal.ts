/**
 * Exact decimal arithmetic for money and quantities. Money is integer cents (`bigint`), never a
 * binary float; at rest and on the wire it is a plain decimal string ("-1234.50").
 */

/** Integer minor units (cents). */
export type Cents = bigint;

/** A decimal as an integer scaled by 10^scale: "12.345" is { units: 12345n, scale: 3 }. */
export interface ScaledDecimal {
  units: bigint;
  scale: number;
}

const PLAIN_DECIMAL = /^([+-])?(\d+)(?:\.(\d*))?$|^([+-])?\.(\d+)$/;

/**
 * Parses a plain decimal ("-12.5", "0.125", "+3", ".5") exactly. Throws on anything else: currency
 * symbols, separators and locale forms belong to the readers' amount parser, not here.
 */
export function parseDecimal(text: string): ScaledDecimal {
  const match = PLAIN_DECIMAL.exec(text.trim());
  if (!match) throw new RangeError(`not a plain decimal: ${JSON.stringify(text)}`);
  const sign = match[1] ?? match[4];
  const whole = match[2] ?? '0';
  const fraction = match[3] ?? match[5] ?? '';
  const units = BigInt(whole + fraction);
  return { units: sign === '-' ? -units : units, scale: fraction.length };
}

/** True when `text` is a plain decimal `parseDecimal` accepts. */
export function isPlainDecimal(text: string): boolean {
  return PLAIN_DECIMAL.test(text.trim());
}

const TEN = 10n;

function pow10(exponent: number): bigint {
  return TEN ** BigInt(exponent);
}

/**
 * Rescales to `scale` places, rounding half away from zero (the convention of Xero, QuickBooks and
 * most invoicing systems for line amounts).
 */
export function rescale(value: ScaledDecimal, scale: number): bigint {
  if (value.scale <= scale) return value.units * pow10(scale - value.scale);
  const divisor = pow10(value.scale - scale);
  const quotient = value.units / divisor;
  const remainder = value.units % divisor;
  const doubled = (remainder < 0n ? -remainder : remainder) * 2n;
  if (doubled >= divisor) return quotient + (value.units < 0n ? -1n : 1n);
  return quotient;
}

/** "1234.5" becomes 123450n. Throws if the value has more than two places and `round` is false. */
export function centsOf(text: string, options: { round?: boolean } = {}): Cents {
  const value = parseDecimal(text);
  if (value.scale > 2 && !options.round) {
    const exact = rescale(value, 2) * pow10(value.scale - 2) === value.units;
    if (!exact) throw new RangeError(`more than two decimal places: ${text}`);
  }
  return rescale(value, 2);
}

/** 123450n becomes "1234.50"; always two places, a leading "-" for negatives, no separators. */
export function formatCents(cents: Cents): string {
  const negative = cents < 0n;
  const digits = (negative ? -cents : cents).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** quantity × unit price, rounded half away from zero to cents (a document line's amount). */
export function lineAmountCents(quantity: string, unitPrice: string): Cents {
  const q = parseDecimal(quantity);
  const p = parseDecimal(unitPrice);
  return rescale({ units: q.units * p.units, scale: q.scale + p.scale }, 2);
}

export function sumCents(values: Iterable<Cents>): Cents {
  let total = 0n;
  for (const value of values) total += value;
  return total;
}

export function absCents(value: Cents): Cents {
  return value < 0n ? -value : value;
}

/** Normalises a plain decimal to its shortest exact form ("1.500" becomes "1.5", "-0" becomes "0"). */
export function normalizeDecimal(text: string): string {
  const { units, scale } = parseDecimal(text);
  if (units === 0n) return '0';
  const negative = units < 0n;
  let digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  let places = scale;
  while (places > 0 && digits.endsWith('0')) {
    digits = digits.slice(0, -1);
    places -= 1;
  }
  const body = places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
  return `${negative ? '-' : ''}${body}`;
}
