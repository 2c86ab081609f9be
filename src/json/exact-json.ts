import { isLosslessNumber, LosslessNumber, parse, stringify } from 'lossless-json';

/**
 * JSON without binary floats. The Partner API sends money as JSON numbers (`total: 1234.5`), and
 * `JSON.parse` would turn those into doubles; these helpers keep each number's exact text instead.
 */

/** Parses JSON, keeping every number as a `LosslessNumber` (its exact source text). */
export function parseJsonExact(text: string): unknown {
  return parse(text);
}

/**
 * Parses JSON for tolerant reading: integers that fit a double exactly become numbers (ids, counts,
 * pages), every other number becomes its exact decimal text ("1234.5"), never a float.
 */
export function parseJsonWithDecimalStrings(text: string): unknown {
  return parse(text, null, (value: string) => {
    if (/^-?\d+$/.test(value)) {
      const asNumber = Number(value);
      if (Number.isSafeInteger(asNumber)) return asNumber;
    }
    return value;
  });
}

/** Stringifies JSON; `LosslessNumber` values (see `jsonNumber`) are written verbatim as numbers. */
export function stringifyJsonExact(value: unknown): string {
  const text = stringify(value);
  if (text === undefined) throw new TypeError('value is not representable as JSON');
  return text;
}

/** A JSON number written exactly as `decimalText` ("12.50" stays 12.50 on the wire). */
export function jsonNumber(decimalText: string): LosslessNumber {
  return new LosslessNumber(decimalText);
}

export { isLosslessNumber, LosslessNumber };
