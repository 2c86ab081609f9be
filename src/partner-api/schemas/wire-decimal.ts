import { z } from 'zod';
import {
  centsOf,
  formatCents,
  isPlainDecimal,
  normalizeDecimal,
  parseDecimal,
} from '../../money/index.js';
import { jsonNumber } from '../../json/exact-json.js';

/**
 * Numbers on the wire, in both directions, without binary floats. Responses are parsed with
 * `parseJsonWithDecimalStrings`, so a number arrives as a safe integer or its exact decimal text;
 * these schemas turn either into a decimal string. Requests take decimal strings and write exact
 * JSON numbers (`jsonNumber`).
 */

const JSON_NUMBER_TEXT = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** "1.5e3" becomes "1500"; plain decimals pass through. Undefined when `text` is not a number. */
export function plainDecimalFromWire(text: string): string | undefined {
  const trimmed = text.trim();
  if (isPlainDecimal(trimmed) && !trimmed.includes('e') && !trimmed.includes('E')) return trimmed;
  if (!JSON_NUMBER_TEXT.test(trimmed)) return undefined;
  const [mantissa = '', exponentText = '0'] = trimmed.toLowerCase().split('e');
  const { units, scale } = parseDecimal(mantissa);
  const shift = Number(exponentText) - scale;
  if (shift >= 0) return (units * 10n ** BigInt(shift)).toString();
  const negative = units < 0n;
  const places = -shift;
  const digits = (negative ? -units : units).toString().padStart(places + 1, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -places)}.${digits.slice(-places)}`;
}

function wireDecimal(value: unknown): string | undefined {
  if (typeof value === 'number') {
    // The parser only yields safe integers; anything else would be a float that slipped through.
    return Number.isSafeInteger(value) ? String(value) : undefined;
  }
  if (typeof value === 'string') return plainDecimalFromWire(value);
  return undefined;
}

/**
 * A money amount in a response, as a money string ("1234.50"). A value with more than two places
 * keeps its exact digits ("0.125") rather than being rounded, so nothing is silently lost.
 */
export const moneyFromWire = z.union([z.number(), z.string()]).transform((value, context) => {
  const decimal = wireDecimal(value);
  if (decimal === undefined) {
    context.addIssue({ code: 'custom', message: 'expected a decimal amount' });
    return z.NEVER;
  }
  return parseDecimal(decimal).scale <= 2
    ? formatCents(centsOf(decimal))
    : normalizeDecimal(decimal);
});

/**
 * A money amount the caller reads in cents, as a created document's total: `moneyFromWire` with at
 * most two decimal places. More than two is no amount a workspace holds, so not one to read.
 */
export const centsFromWire = moneyFromWire.refine((text) => parseDecimal(text).scale <= 2, {
  message: 'expected an amount with at most two decimal places',
});

/** A quantity or unit price in a response, as its shortest exact decimal string ("1.5"). */
export const decimalFromWire = z.union([z.number(), z.string()]).transform((value, context) => {
  const decimal = wireDecimal(value);
  if (decimal === undefined) {
    context.addIssue({ code: 'custom', message: 'expected a decimal number' });
    return z.NEVER;
  }
  return normalizeDecimal(decimal);
});

/** A money string written by the caller: a plain decimal with at most two places ("1234.5"). */
const moneyText = z
  .string()
  .refine((text) => isPlainDecimal(text) && parseDecimal(text).scale <= 2, {
    message: 'money must be a plain decimal with at most two places, like "1234.50"',
  });

/** A decimal written by the caller ("1.5", "0.125"). */
const decimalText = z.string().refine((text) => isPlainDecimal(text), {
  message: 'must be a plain decimal, like "1.5"',
});

/** Request money written as an exact JSON number with two places: "12.5" goes out as 12.50. */
export const moneyToWireNumber = moneyText.transform((text) =>
  jsonNumber(formatCents(centsOf(text))),
);

/** Request money written as a JSON string with two places (opening balance rows): "12.50". */
export const moneyToWireString = moneyText.transform((text) => formatCents(centsOf(text)));

/** A request quantity or unit price written as an exact JSON number ("1.50" goes out as 1.5). */
export const decimalToWireNumber = decimalText.transform((text) =>
  jsonNumber(normalizeDecimal(text)),
);
