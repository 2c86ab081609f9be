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
 *
 * Every response of the Partner API is read this way, the workspace's aged receivables at the end
 * of a large run too (a row per open document). So the numbers that must stay exact are quoted in
 * the text, and V8's own parser reads it: lossless-json's parser, written in JavaScript, holds
 * several times more heap per row than V8's and is slower (docs/benchmarks.md, "The large live
 * run's report").
 */
export function parseJsonWithDecimalStrings(text: string): unknown {
  return JSON.parse(text.replace(STRING_OR_NUMBER, quoteInexactNumber));
}

/**
 * A JSON string (kept as it is: a number inside it is text), or a JSON number. Outside strings,
 * digits appear in JSON only in numbers, so every number token is found; text that is not JSON
 * stays not JSON, and `JSON.parse` rejects it.
 */
const STRING_OR_NUMBER = /"(?:[^"\\]|\\.)*"|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

function quoteInexactNumber(token: string): string {
  if (token.startsWith('"')) return token;
  if (/^-?\d+$/.test(token) && Number.isSafeInteger(Number(token))) return token;
  return `"${token}"`;
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
