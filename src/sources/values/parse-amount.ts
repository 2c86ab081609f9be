import { normalizeDecimal } from '../../money/index.js';

/** Which character separates the decimals, when a consultant has to say so (see overrides). */
export type DecimalSeparator = '.' | ',';

/** What a file's amounts have shown of its number format (src/sources/table-mapping/number-format-state.ts). */
export interface NumberFormat {
  /** The decimal mark: the override file's, else the one the file's own amounts show. */
  decimal?: DecimalSeparator | undefined;
  /**
   * True when `decimal` is the override file's: it then applies to every amount. Otherwise it only
   * settles amounts that read two ways, and an amount showing its own mark is read by it.
   */
  forced?: boolean | undefined;
  /** True when some amount of the file groups its thousands with spaces in a way nothing else explains. */
  spaceGroups?: boolean | undefined;
}

/** What one amount says about its file's number format, beyond its own value. */
export interface AmountEvidence {
  /** The decimal mark this amount can only have been written with (`1.234,56`, `12.50`). */
  decimal?: DecimalSeparator;
  /** True when it groups thousands with spaces unmistakably (`1 234,56`, `1 234 567`). */
  spaceGroups?: true;
}

export type ParsedAmount =
  | {
      ok: true;
      value: string;
      evidence: AmountEvidence;
      /** The currency code or symbol written with the amount (`EUR`, `€`), if any. */
      currency?: string;
    }
  | { ok: false; reason: string; undecided?: undefined }
  /**
   * The amount reads two ways and its file has not said which: `10.000` is ten thousand with "."
   * grouping thousands, or ten with "." as the decimal mark.
   */
  | { ok: false; undecided: 'decimal'; reason: string; readings: [string, string] }
  /** Spaces inside the number (`100 200`) where the file does not group thousands with spaces. */
  | { ok: false; undecided: 'space'; reason: string; readings: [string, string] };

const CURRENCY_SYMBOLS = /[$£€¥₹]/g;
const LEADING_CODE = /^([A-Z]{3})\s*(?=[\d(+\-−.,$£€¥₹])/;
const TRAILING_CODE = /(?<=[\d).])\s*([A-Z]{3})$/;
const SPACE = /[\s\u00a0\u202f]/;
const SPACES = /[\s\u00a0\u202f]/g;
const SPACE_GROUPED = /^\d{1,3}(?:[\s\u00a0\u202f]\d{3})+(?:[.,]\d+)?$/;
const APOSTROPHE_GROUPED = /^\d{1,3}(?:['’]\d{3})+(?:[.,]\d+)?$/;
const PLAIN = /^-?\d+(\.\d+)?$/;
/** A lone separator before exactly three digits after one to three: thousands or decimals. */
const TWO_WAY = /^-?[1-9]\d{0,2}[.,]\d{3}$/;

const NO_EVIDENCE: AmountEvidence = {};
const DOT: AmountEvidence = { decimal: '.' };

/**
 * Parses an amount as legacy exports write it into an exact plain decimal ("-1234.5"): currency
 * symbols and codes, thousands separators (",", ".", spaces, apostrophes), parentheses and trailing
 * minus for negatives, and decimal commas ("1.234,50"). Never goes through a float.
 *
 * The decimal mark is the file's (`format.decimal`). An amount that shows its own mark needs none:
 * with both "." and "," the rightmost is the mark, a separator written twice groups thousands, and a
 * lone separator is the mark unless exactly three digits follow one to three others (`10.000`,
 * `1,234`): that one reads two ways and is `undecided` until the file says. Spaces between digits
 * group thousands only in a file that shows it (`format.spaceGroups`); otherwise `100 200` is
 * `undecided` too. What the amount shows of its file's format comes back as `evidence`.
 */
export function parseAmount(text: string, format: NumberFormat = {}): ParsedAmount {
  const { decimal, forced } = format;
  // Most cells are already plain decimals ("-1234.50"): skip the general path for them.
  if (PLAIN.test(text) && !(forced && decimal === ',')) {
    if (!TWO_WAY.test(text)) {
      return {
        ok: true,
        value: normalizeDecimal(text),
        evidence: text.includes('.') ? DOT : NO_EVIDENCE,
      };
    }
    if (decimal === '.') return { ok: true, value: normalizeDecimal(text), evidence: NO_EVIDENCE };
  }
  let body = text.trim();
  let currency: string | undefined;
  const code = LEADING_CODE.exec(body) ?? TRAILING_CODE.exec(body);
  if (code) {
    currency = code[1];
    body = body.replace(code[0], '');
  }
  const symbols = body.match(CURRENCY_SYMBOLS);
  if (symbols) {
    currency ??= symbols[0];
    body = body.replace(CURRENCY_SYMBOLS, '');
  }
  body = body.trim();
  if (body === '') return { ok: false, reason: 'it has no digits' };
  let negative = false;
  for (;;) {
    if (body.startsWith('(') && body.endsWith(')')) body = body.slice(1, -1).trim();
    else if (body.startsWith('-') || body.startsWith('−')) body = body.slice(1).trim();
    else if (body.endsWith('-') || body.endsWith('−')) body = body.slice(0, -1).trim();
    else if (body.startsWith('+')) {
      body = body.slice(1).trim();
      continue;
    } else break;
    negative = true;
  }
  if (!/^[\d.,\s\u00a0\u202f'’]*\d[\d.,\s\u00a0\u202f'’]*$/.test(body)) {
    return { ok: false, reason: 'it is not a number' };
  }
  const sign = negative ? '-' : '';
  let spaceGroups = false;
  if (SPACE.test(body)) {
    if (!SPACE_GROUPED.test(body)) {
      return {
        ok: false,
        reason: 'it has a space inside the number that does not group thousands',
      };
    }
    const groups = body.split(SPACES).length - 1;
    spaceGroups = groups > 1 || /[.,]/.test(body);
    if (!spaceGroups && !format.spaceGroups) {
      const [left = '', right = ''] = body.split(SPACES);
      return {
        ok: false,
        undecided: 'space',
        reason: `no amount in the file separates thousands with spaces, so it may be ${sign}${left}${right} or two numbers (${left} and ${right})`,
        readings: [`${sign}${left}${right}`, `${left} and ${right}`],
      };
    }
    body = body.replace(SPACES, '');
  }
  const grouped = spaceGroups || /['’]/.test(body);
  if (/['’]/.test(body)) {
    if (!APOSTROPHE_GROUPED.test(body)) {
      return { ok: false, reason: 'its thousands separators "\'" are misplaced' };
    }
    body = body.replace(/['’]/g, '');
  }
  const shown = grouped ? loneMark(body) : shownMark(body);
  if (shown === 'two-way' && decimal === undefined) {
    const [whole = '', fraction = ''] = body.split(/[.,]/);
    const mark = body.includes('.') ? '.' : ',';
    return {
      ok: false,
      undecided: 'decimal',
      reason: `it reads as ${sign}${whole}${fraction} with "${mark}" separating thousands, or as ${sign}${whole}.${fraction} with "${mark}" as the decimal mark`,
      readings: [`${sign}${whole}${fraction}`, `${sign}${whole}.${fraction}`],
    };
  }
  const own = shown === 'two-way' || shown === undefined ? undefined : shown;
  const mark = (forced ? decimal : own) ?? decimal ?? '.';
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
  const evidence: AmountEvidence =
    shown === '.' || shown === ',' ? { decimal: shown } : { ...NO_EVIDENCE };
  if (spaceGroups) evidence.spaceGroups = true;
  return {
    ok: true,
    value: negative && value !== '0' ? `-${value}` : value,
    evidence,
    ...(currency === undefined ? {} : { currency }),
  };
}

/**
 * The decimal mark an amount of digits, "." and "," shows by itself, `two-way` when it reads both
 * ways, undefined when it has no separator.
 */
function shownMark(body: string): DecimalSeparator | 'two-way' | undefined {
  const lastDot = body.lastIndexOf('.');
  const lastComma = body.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) return lastDot > lastComma ? '.' : ',';
  if (lastDot < 0 && lastComma < 0) return undefined;
  const separator = lastDot >= 0 ? '.' : ',';
  const last = Math.max(lastDot, lastComma);
  // Written twice, it groups thousands: the decimal mark is the other one.
  if (body.indexOf(separator) !== last) return separator === '.' ? ',' : '.';
  return TWO_WAY.test(body) ? 'two-way' : separator;
}

/** With thousands grouped by spaces or apostrophes, a lone "." or "," can only be the decimal mark. */
function loneMark(body: string): DecimalSeparator | undefined {
  if (body.includes(',')) return ',';
  return body.includes('.') ? '.' : undefined;
}

function validGrouping(whole: string, grouping: string): boolean {
  if (!whole.includes(grouping)) return true;
  const groups = whole.split(grouping);
  const [first = '', ...rest] = groups;
  return /^[1-9]\d{0,2}$/.test(first) && rest.every((group) => /^\d{3}$/.test(group));
}
