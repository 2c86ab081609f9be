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

/** A plain decimal's parts, as written: "-012.50" is { negative, whole: "012", fraction: "50" }. */
function plainParts(text: string): { negative: boolean; whole: string; fraction: string } {
  const match = PLAIN_DECIMAL.exec(text.trim());
  if (!match) throw new RangeError(`not a plain decimal: ${JSON.stringify(text)}`);
  return {
    negative: (match[1] ?? match[4]) === '-',
    whole: match[2] ?? '',
    fraction: match[3] ?? match[5] ?? '',
  };
}

/**
 * Parses a plain decimal ("-12.5", "0.125", "+3", ".5") exactly. Throws on anything else: currency
 * symbols, separators and locale forms belong to the readers' amount parser, not here.
 */
export function parseDecimal(text: string): ScaledDecimal {
  const { negative, whole, fraction } = plainParts(text);
  const units = BigInt(whole + fraction);
  return { units: negative ? -units : units, scale: fraction.length };
}

/** True when `text` is a plain decimal `parseDecimal` accepts. */
export function isPlainDecimal(text: string): boolean {
  return PLAIN_DECIMAL.test(text.trim());
}

/**
 * 10^0 to 10^31, made once: working out `10n ** BigInt(n)` for every amount read took 1.4% of
 * validate's main thread at a million records (docs/benchmarks.md, "What changed the xlarge figures").
 */
const POWERS_OF_TEN = Array.from({ length: 32 }, (_, exponent) => 10n ** BigInt(exponent));

function pow10(exponent: number): bigint {
  return POWERS_OF_TEN[exponent] ?? 10n ** BigInt(exponent);
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

const TWO_PLACES = /^-?\d+\.\d\d$/;
const WHOLE = /^-?\d+$/;

/** "1234.5" becomes 123450n. Throws if the value has more than two places and `round` is false. */
export function centsOf(text: string, options: { round?: boolean } = {}): Cents {
  // Money as the run store and most exports write it, read without the general parse.
  if (TWO_PLACES.test(text)) return BigInt(text.slice(0, -3) + text.slice(-2));
  if (WHOLE.test(text)) return BigInt(text) * 100n;
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
  // Text work only: every amount a reader maps comes through here, and a bigint each was a
  // measurable part of reading a million records.
  const { negative, whole, fraction } = plainParts(text);
  const digits = whole.replace(LEADING_ZEROS, '') || '0';
  const places = fraction.replace(TRAILING_ZEROS, '');
  if (digits === '0' && places === '') return '0';
  const body = places === '' ? digits : `${digits}.${places}`;
  return negative ? `-${body}` : body;
}

const LEADING_ZEROS = /^0+/;
const TRAILING_ZEROS = /0+$/;
