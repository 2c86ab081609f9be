import { normalizeDecimal } from '../../money/index.js';

/** Which character separates the decimals, when a consultant has to say so (see overrides). */
export type DecimalSeparator = '.' | ',';

export type ParsedAmount = { ok: true; value: string } | { ok: false; reason: string };

const CURRENCY_SYMBOLS = /[$£€¥₹]/g;
const CURRENCY_CODE_EDGE = /^[A-Z]{3}(?=[\d(+\-−.,])|(?<=[\d).])[A-Z]{3}$/;
const PLAIN = /^-?\d+(\.\d+)?$/;
const GROUPING_NOISE = /[\s\u00a0\u202f'’]/g;

/**
 * Parses an amount as legacy exports write it into an exact plain decimal ("-1234.5"): currency
 * symbols and codes, thousands separators (",", ".", spaces, apostrophes), parentheses and trailing
 * minus for negatives, and decimal commas ("1.234,50"). Never goes through a float.
 *
 * Without `decimalSeparator`, the rightmost of "." and "," is the decimal mark when both appear; a
 * lone "," followed by exactly three digits ("1,234") is a thousands separator (the English reading),
 * any other lone "," is a decimal comma ("12,5"). Set `decimalSeparator` to remove the guess.
 */
export function parseAmount(text: string, decimalSeparator?: DecimalSeparator): ParsedAmount {
  // Most cells are already plain decimals ("-1234.50"): skip the general path for them.
  if (PLAIN.test(text) && decimalSeparator !== ',')
    return { ok: true, value: normalizeDecimal(text) };
  let body = text
    .replace(GROUPING_NOISE, '')
    .replace(CURRENCY_SYMBOLS, '')
    .replace(CURRENCY_CODE_EDGE, '');
  if (body === '') return { ok: false, reason: 'it has no digits' };
  let negative = false;
  for (;;) {
    if (body.startsWith('(') && body.endsWith(')')) body = body.slice(1, -1);
    else if (body.startsWith('-') || body.startsWith('−')) body = body.slice(1);
    else if (body.endsWith('-') || body.endsWith('−')) body = body.slice(0, -1);
    else if (body.startsWith('+')) {
      body = body.slice(1);
      continue;
    } else break;
    negative = true;
  }
  body = body.replace(CURRENCY_SYMBOLS, '');
  if (!/^[\d.,]*\d[\d.,]*$/.test(body)) return { ok: false, reason: 'it is not a number' };
  const mark = decimalSeparator ?? guessDecimalMark(body);
  const grouping = mark === '.' ? ',' : '.';
  const parts = body.split(mark);
  if (parts.length > 2) return { ok: false, reason: `it has more than one decimal mark "${mark}"` };
  const [whole = '', fraction] = parts;
  if (fraction !== undefined && fraction.includes(grouping)) {
    return { ok: false, reason: `a thousands separator "${grouping}" follows the decimal mark` };
  }
  if (!validGrouping(whole, grouping)) {
    return { ok: false, reason: `its thousands separators "${grouping}" are misplaced` };
  }
  const digits = whole.split(grouping).join('') || '0';
  const plain = fraction === undefined || fraction === '' ? digits : `${digits}.${fraction}`;
  const value = normalizeDecimal(plain);
  return { ok: true, value: negative && value !== '0' ? `-${value}` : value };
}

function guessDecimalMark(body: string): DecimalSeparator {
  const lastDot = body.lastIndexOf('.');
  const lastComma = body.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) return lastDot > lastComma ? '.' : ',';
  if (lastComma < 0) return body.indexOf('.') === lastDot ? '.' : ',';
  const commas = body.split(',').length - 1;
  if (commas > 1) return '.';
  return body.length - lastComma - 1 === 3 ? '.' : ',';
}

function validGrouping(whole: string, grouping: string): boolean {
  if (!whole.includes(grouping)) return true;
  const groups = whole.split(grouping);
  const [first = '', ...rest] = groups;
  return /^\d{1,3}$/.test(first) && rest.every((group) => /^\d{3}$/.test(group));
}
