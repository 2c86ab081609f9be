import { XLSX_LIMITS } from '../xlsx-limits.js';
import {
  add,
  agree,
  decimalOfCell,
  decimalOfText,
  decimalText,
  fifteenDigits,
  negate,
  numberOf,
  ZERO,
  type ExcelDecimal,
} from './excel-decimal.js';
import {
  EVALUATED,
  parseFormula,
  type CellAddress,
  type FormulaArgument,
  type FormulaNode,
} from './parse-formula.js';
import { SheetCells, type CellContent, type RecordedKind } from './sheet-cells.js';

/** What a formula cell's saved result was, as the sheet wrote it. */
export type SavedResult =
  { kind: 'number'; value: number } | { kind: 'text' | 'failed' } | undefined;

/** What a formula cell reads as, once its row has ended. */
export type FormulaOutcome =
  /** The saved result stands (it agrees with the formula, or the formula is not evaluated). */
  | { kind: 'saved' }
  /** No saved result: the formula's value. */
  | { kind: 'value'; value: ExcelDecimal }
  | {
      kind: 'problem';
      code: 'xlsx.formula-unsupported' | 'xlsx.formula-unresolved' | 'xlsx.formula-result-differs';
      /** Why, in words that follow "the formula =…". */
      reason: string;
    };

type Evaluation =
  | { ok: true; value: ExcelDecimal }
  | { ok: false; code: 'xlsx.formula-unsupported' | 'xlsx.formula-unresolved'; reason: string };

class Unresolved extends Error {
  constructor(
    readonly code: 'xlsx.formula-unsupported' | 'xlsx.formula-unresolved',
    reason: string,
  ) {
    super(reason);
  }
}

interface Pending {
  formula: string;
  saved: SavedResult;
  /** Its place among the row's recorded cells (SheetCells.fill). */
  place: number;
  outcome?: FormulaOutcome;
  /** Being evaluated: a reference back to it is circular. */
  busy?: boolean;
}

/** How long a chain of formulas on one row may be (each refers to the next): recursion's bound. */
const MOST_ROW_CHAIN = 64;

/**
 * The formulas of one sheet, evaluated as the sheet streams: every non-blank cell is recorded
 * (SheetCells keeps the most recent XLSX_LIMITS.formulaCells of them), a formula cell waits for the
 * end of its row (it may refer to cells right of it), then is evaluated exactly (excel-decimal.ts)
 * against the cells above it and on its row. A reference below, to itself, to text in arithmetic,
 * to a cell that failed, or further back than the cells kept cannot be resolved; a formula outside
 * the evaluated set is unsupported; neither is ever a zero. A saved result is read as before and
 * checked against the formula when both are numbers.
 */
export class SheetFormulas {
  private readonly cells: SheetCells;
  private readonly pending = new Map<number, Pending>();
  private row = 0;
  /** Cells looked at by lookups and SUM ranges so far (XLSX_LIMITS.formulaSteps). */
  private readonly steps = { count: 0 };
  private chain = 0;

  constructor(
    private readonly limits: { cells: number; steps: number } = {
      cells: XLSX_LIMITS.formulaCells,
      steps: XLSX_LIMITS.formulaSteps,
    },
  ) {
    this.cells = new SheetCells(limits.cells);
  }

  startRow(row: number): void {
    this.row = row;
    this.pending.clear();
    this.cells.startRow();
  }

  /** A cell that is no formula: a number, text (or a boolean), or an error value. */
  record(column: number, kind: RecordedKind, value = 0): void {
    this.cells.record(this.row, column, kind, value);
  }

  /** A formula cell: evaluated when its row ends, its place kept among the row's cells. */
  defer(column: number, formula: string, saved: SavedResult): void {
    this.pending.set(column, {
      formula,
      saved,
      place: this.cells.record(this.row, column, 'failed'),
    });
  }

  /** Evaluates the row's formulas, records what each cell holds, and gives each one's outcome. */
  endRow(): Map<number, FormulaOutcome> {
    const outcomes = new Map<number, FormulaOutcome>();
    for (const column of this.pending.keys()) outcomes.set(column, this.resolve(column));
    this.cells.endRow();
    return outcomes;
  }

  private resolve(column: number): FormulaOutcome {
    const formula = this.pending.get(column);
    if (!formula) throw new Error(`no formula at column ${column}`);
    if (formula.outcome) return formula.outcome;
    formula.busy = true;
    this.chain += 1;
    const outcome = this.outcomeOf(formula, { row: this.row, column });
    this.chain -= 1;
    formula.busy = false;
    formula.outcome = outcome;
    const { saved, place } = formula;
    if (outcome.kind === 'value') this.cells.fill(place, 'number', numberOf(outcome.value));
    else if (outcome.kind === 'problem' || !saved) this.cells.fill(place, 'failed');
    else if (saved.kind === 'number') this.cells.fill(place, 'number', saved.value);
    else this.cells.fill(place, saved.kind);
    return outcome;
  }

  private outcomeOf(formula: Pending, at: CellAddress): FormulaOutcome {
    const { saved } = formula;
    // A saved text, boolean or error stands: the evaluated set gives numbers only.
    if (saved && saved.kind !== 'number') return { kind: 'saved' };
    const evaluation = this.evaluate(formula.formula, at);
    if (!evaluation.ok)
      return saved
        ? { kind: 'saved' }
        : { kind: 'problem', code: evaluation.code, reason: evaluation.reason };
    if (!saved) return { kind: 'value', value: evaluation.value };
    const savedValue = decimalOfCell(saved.value);
    if (agree(savedValue, evaluation.value)) return { kind: 'saved' };
    return {
      kind: 'problem',
      code: 'xlsx.formula-result-differs',
      reason: `whose saved result ${decimalText(savedValue)} is not the ${decimalText(evaluation.value)} the formula gives (the workbook was saved without recalculating)`,
    };
  }

  private evaluate(formula: string, at: CellAddress): Evaluation {
    const parsed = parseFormula(formula);
    if (!parsed.ok)
      return {
        ok: false,
        code: 'xlsx.formula-unsupported',
        reason: `which the reader cannot evaluate: ${parsed.reason} (${EVALUATED})`,
      };
    try {
      const value = fifteenDigits(this.valueOf(parsed.node, at));
      if (!value)
        throw new Unresolved(
          'xlsx.formula-unresolved',
          "whose result is past Excel's largest number",
        );
      return { ok: true, value };
    } catch (error) {
      if (error instanceof Unresolved)
        return { ok: false, code: error.code, reason: error.message };
      throw error;
    }
  }

  private valueOf(node: FormulaNode, at: CellAddress): ExcelDecimal {
    switch (node.kind) {
      case 'number': {
        const value = decimalOfText(node.text);
        if (!value)
          throw new Unresolved(
            'xlsx.formula-unsupported',
            `whose number ${node.text} is past Excel's range`,
          );
        return value;
      }
      case 'negate':
        return negate(this.valueOf(node.operand, at));
      case 'terms': {
        let total = ZERO;
        for (const term of node.terms) {
          const value = this.valueOf(term.node, at);
          total = add(total, term.subtract ? negate(value) : value);
        }
        return total;
      }
      case 'cell':
        return this.referenced(node.at, node.written, at);
      case 'sum': {
        let total = ZERO;
        for (const argument of node.args) total = add(total, this.summed(argument, at));
        return total;
      }
    }
  }

  /** A cell used in arithmetic: a number, or a blank as 0 (as in Excel); anything else stops. */
  private referenced(target: CellAddress, written: string, at: CellAddress): ExcelDecimal {
    const content = this.contentOf(target, written, at);
    switch (content.kind) {
      case 'number':
        return decimalOfCell(content.value);
      case 'blank':
        return ZERO;
      case 'text':
        throw new Unresolved(
          'xlsx.formula-unresolved',
          `which adds ${written}, a cell holding text, not a number (Excel shows #VALUE!)`,
        );
      default:
        throw this.unusable(content, written);
    }
  }

  /** SUM's argument: a range adds its numbers and passes over blanks and text, as Excel does. */
  private summed(argument: FormulaArgument, at: CellAddress): ExcelDecimal {
    if (argument.kind === 'formula') return this.valueOf(argument.node, at);
    const fromRow = Math.min(argument.from.row, argument.to.row);
    const toRow = Math.max(argument.from.row, argument.to.row);
    const fromColumn = Math.min(argument.from.column, argument.to.column);
    const toColumn = Math.max(argument.from.column, argument.to.column);
    if (toRow > at.row) throw this.below(argument.written);
    if (toRow === at.row && fromColumn <= at.column && at.column <= toColumn)
      throw this.circular(argument.written);
    if (toRow === at.row) {
      // Formulas of this row inside the range are evaluated first.
      for (const column of this.pending.keys())
        if (column >= fromColumn && column <= toColumn) this.settle(column, argument.written);
    }
    let total = ZERO;
    let failed: string | undefined;
    const whole = this.cells.scan(
      { fromRow, toRow, fromColumn, toColumn },
      this.steps,
      (content) => {
        if (content.kind === 'number') total = add(total, decimalOfCell(content.value));
        else if (content.kind === 'failed') failed ??= argument.written;
      },
    );
    this.checkSteps();
    if (!whole) throw this.unusable({ kind: 'forgotten' }, argument.written);
    if (failed !== undefined)
      throw new Unresolved(
        'xlsx.formula-unresolved',
        `which sums ${failed}, a range holding an error or a formula that could not be evaluated`,
      );
    return total;
  }

  private contentOf(target: CellAddress, written: string, at: CellAddress): CellContent {
    if (target.row > at.row) throw this.below(written);
    if (target.row === at.row) {
      if (target.column === at.column) throw this.circular(written);
      if (this.pending.has(target.column)) this.settle(target.column, written);
    }
    const content = this.cells.lookup(target.row, target.column, this.row, this.steps);
    this.checkSteps();
    return content;
  }

  /** Evaluates a formula of this row that another one uses. */
  private settle(column: number, written: string): void {
    const other = this.pending.get(column);
    if (!other || other.outcome) return;
    if (other.busy) throw this.circular(written);
    if (this.chain >= MOST_ROW_CHAIN)
      throw new Unresolved(
        'xlsx.formula-unresolved',
        `which starts a chain of more than ${MOST_ROW_CHAIN} formulas on one row`,
      );
    this.resolve(column);
  }

  private checkSteps(): void {
    if (this.steps.count > this.limits.steps)
      throw new Unresolved(
        'xlsx.formula-unresolved',
        `which the reader stopped evaluating: the sheet's formulas look at more than ${this.limits.steps.toLocaleString('en-US')} cells in all`,
      );
  }

  private below(written: string): Unresolved {
    return new Unresolved(
      'xlsx.formula-unresolved',
      `which refers to ${written}, below it: the sheet is read from the top, so a formula can use only the cells above it and on its row`,
    );
  }

  private circular(written: string): Unresolved {
    return new Unresolved(
      'xlsx.formula-unresolved',
      `which refers to ${written}, and so to itself (a circular reference)`,
    );
  }

  private unusable(content: CellContent, written: string): Unresolved {
    if (content.kind === 'forgotten')
      return new Unresolved(
        'xlsx.formula-unresolved',
        `which refers to ${written}, further above than the reader keeps (the last ${this.limits.cells.toLocaleString('en-US')} cells that hold something)`,
      );
    return new Unresolved(
      'xlsx.formula-unresolved',
      `which uses ${written}, a cell holding an error or a formula that could not be evaluated`,
    );
  }
}
