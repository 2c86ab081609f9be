import { XLSX_LIMITS } from '../xlsx-limits.js';

/** A cell of the formula's own sheet: 1-based row, 0-based column. */
export interface CellAddress {
  row: number;
  column: number;
}

/** A formula the reader evaluates: numbers, cell references, +, -, parentheses and SUM. */
export type FormulaNode =
  | { kind: 'number'; text: string }
  | { kind: 'cell'; at: CellAddress; written: string }
  | { kind: 'negate'; operand: FormulaNode }
  /** `a + b - c`, kept flat: a report's total may add hundreds of cells in one formula. */
  | { kind: 'terms'; terms: { subtract: boolean; node: FormulaNode }[] }
  | { kind: 'sum'; args: FormulaArgument[] };

/** SUM's arguments: a formula, or a range of cells (a single reference counts as a range). */
export type FormulaArgument =
  | { kind: 'formula'; node: FormulaNode }
  | { kind: 'range'; from: CellAddress; to: CellAddress; written: string };

export type ParsedFormula = { ok: true; node: FormulaNode } | { ok: false; reason: string };

/** Excel's own limit on a formula's length, and a bound on nesting so parsing cannot recurse deep. */
const MOST_CHARS = 8192;
const MOST_DEPTH = 64;

/** What the reader evaluates, for messages about what it does not. */
export const EVALUATED =
  'Ledgerlift evaluates numbers, cell references of the same sheet, +, -, parentheses and SUM';

class Unsupported extends Error {}

// Sticky: matched at the parser's position, so the formula is never copied while it is read.
const REFERENCE = /\$?([A-Z]{1,3})\$?(\d{1,7})/iy;
const NUMBER = /(\d+\.?\d*|\.\d+)(E[+-]?\d+)?/iy;
const FUNCTION = /([A-Z_][A-Z0-9_.]*)\s*\(/iy;
/** What may follow a reference: "A1B" or "LOG10(" are names and functions, "A1!" a sheet. */
const NOT_AFTER_REFERENCE = /[A-Z0-9_.(!]/i;
/** A formula that is one number, as QuickBooks Online writes every amount (`-89.5`). */
const CONSTANT = /^=?(-?)(\d+(?:\.\d+)?)$/;

function columnOfLetters(letters: string): number {
  let column = 0;
  for (const char of letters.toUpperCase()) column = column * 26 + (char.charCodeAt(0) - 64);
  return column - 1;
}

/** Recursive descent over one formula, bounded in depth; throws Unsupported at what it refuses. */
class Parser {
  private at = 0;
  private depth = 0;

  constructor(private readonly text: string) {}

  parse(): FormulaNode {
    const node = this.expression();
    this.skipSpaces();
    if (this.at < this.text.length) this.unsupported(this.describeHere());
    return node;
  }

  private skipSpaces(): void {
    for (;;) {
      const char = this.text[this.at];
      if (char !== ' ' && char !== '\n' && char !== '\r' && char !== '\t') return;
      this.at += 1;
    }
  }

  private unsupported(what: string): never {
    throw new Unsupported(what);
  }

  private sticky(pattern: RegExp): RegExpExecArray | null {
    pattern.lastIndex = this.at;
    return pattern.exec(this.text);
  }

  private describeHere(): string {
    const rest = this.text.slice(this.at);
    if (rest === '') return 'it ends too soon';
    const fn = /^([A-Z_][A-Z0-9_.]*)\s*\(/i.exec(rest);
    if (fn) return `it uses ${(fn[1] ?? '').toUpperCase()}`;
    if (/^'[^']*'!|^[A-Z0-9_.]+!/i.test(rest)) return 'it refers to another sheet';
    if (rest.startsWith('"')) return 'it holds text';
    if (/^[A-Z_\\]/i.test(rest))
      return `it uses the name ${/^[A-Z0-9_.\\]+/i.exec(rest)?.[0] ?? ''}`;
    return `it uses "${rest.slice(0, 12)}"`;
  }

  private deeper(): void {
    this.depth += 1;
    if (this.depth > MOST_DEPTH) this.unsupported(`it nests deeper than ${MOST_DEPTH} levels`);
  }

  private reference(): { at: CellAddress; written: string } | undefined {
    const match = this.sticky(REFERENCE);
    if (!match) return undefined;
    const next = this.text[this.at + match[0].length] ?? '';
    if (NOT_AFTER_REFERENCE.test(next)) return undefined;
    const row = Number(match[2]);
    const column = columnOfLetters(match[1] ?? '');
    if (row < 1 || row > XLSX_LIMITS.rows || column >= XLSX_LIMITS.columns)
      this.unsupported(`it refers to ${match[0]}, outside Excel's grid`);
    this.at += match[0].length;
    return { at: { row, column }, written: match[0].replaceAll('$', '').toUpperCase() };
  }

  private expression(): FormulaNode {
    this.deeper();
    const terms = [{ subtract: false, node: this.unary() }];
    for (;;) {
      this.skipSpaces();
      const operator = this.text[this.at];
      if (operator !== '+' && operator !== '-') break;
      this.at += 1;
      terms.push({ subtract: operator === '-', node: this.unary() });
    }
    this.depth -= 1;
    const [first] = terms;
    return terms.length === 1 && first ? first.node : { kind: 'terms', terms };
  }

  private unary(): FormulaNode {
    this.skipSpaces();
    const sign = this.text[this.at];
    if (sign !== '-' && sign !== '+') return this.primary();
    this.at += 1;
    this.deeper();
    const operand = this.unary();
    this.depth -= 1;
    return sign === '-' ? { kind: 'negate', operand } : operand;
  }

  private primary(): FormulaNode {
    this.skipSpaces();
    if (this.text[this.at] === '(') {
      this.at += 1;
      const node = this.expression();
      this.skipSpaces();
      if (this.text[this.at] !== ')') this.unsupported(this.describeHere());
      this.at += 1;
      return node;
    }
    const fn = this.sticky(FUNCTION);
    if (fn) {
      if ((fn[1] ?? '').toUpperCase() !== 'SUM') this.unsupported(this.describeHere());
      this.at += fn[0].length;
      return this.sum();
    }
    const cell = this.reference();
    if (cell) {
      this.skipSpaces();
      if (this.text[this.at] === ':') this.unsupported('it uses a range outside SUM');
      return { kind: 'cell', ...cell };
    }
    const number = this.sticky(NUMBER);
    if (number) {
      this.at += number[0].length;
      if (this.text[this.at] === '%') this.unsupported('it uses a percentage');
      return { kind: 'number', text: number[0] };
    }
    return this.unsupported(this.describeHere());
  }

  private sum(): FormulaNode {
    const args: FormulaArgument[] = [];
    for (;;) {
      this.skipSpaces();
      const start = this.at;
      const from = this.reference();
      this.skipSpaces();
      if (from && this.text[this.at] === ':') {
        this.at += 1;
        this.skipSpaces();
        const to = this.reference();
        if (!to) this.unsupported(this.describeHere());
        args.push({
          kind: 'range',
          from: from.at,
          to: to.at,
          written: `${from.written}:${to.written}`,
        });
      } else if (from && (this.text[this.at] === ',' || this.text[this.at] === ')')) {
        args.push({ kind: 'range', from: from.at, to: from.at, written: from.written });
      } else {
        this.at = start;
        args.push({ kind: 'formula', node: this.expression() });
      }
      this.skipSpaces();
      const next = this.text[this.at];
      this.at += 1;
      if (next === ')') return { kind: 'sum', args };
      if (next !== ',') {
        this.at -= 1;
        this.unsupported(this.describeHere());
      }
    }
  }
}

/**
 * Parses a formula as a workbook stores it (without the `=`; one is allowed), by recursive descent
 * bounded in length and depth. Anything outside the evaluated set (another function, another
 * sheet, a name, `*`, text) is refused with a reason naming it, never guessed at.
 */
export function parseFormula(formula: string): ParsedFormula {
  const constant = CONSTANT.exec(formula);
  if (constant) {
    const number: FormulaNode = { kind: 'number', text: constant[2] ?? '' };
    return { ok: true, node: constant[1] ? { kind: 'negate', operand: number } : number };
  }
  if (formula.length > MOST_CHARS)
    return { ok: false, reason: `it is longer than Excel's ${MOST_CHARS} characters` };
  try {
    return {
      ok: true,
      node: new Parser(formula.startsWith('=') ? formula.slice(1) : formula).parse(),
    };
  } catch (error) {
    if (error instanceof Unsupported) return { ok: false, reason: error.message };
    throw error;
  }
}
