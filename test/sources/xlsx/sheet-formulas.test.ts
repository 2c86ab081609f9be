import { describe, expect, it } from 'vitest';
import { numberToDecimalText } from '../../../src/sources/cell.js';
import { decimalOfCell, decimalText } from '../../../src/sources/xlsx/formula/excel-decimal.js';
import { SheetFormulas } from '../../../src/sources/xlsx/formula/sheet-formulas.js';

/** A sheet of one number a row in column A (1, 2, 3, …), its formulas' bounds set small. */
function sheetOfNumbers(rows: number, limits: { cells: number; steps: number }): SheetFormulas {
  const formulas = new SheetFormulas(limits);
  for (let row = 1; row <= rows; row += 1) {
    formulas.startRow(row);
    formulas.record(0, 'number', row);
    formulas.endRow();
  }
  return formulas;
}

describe('the cells a sheet keeps for its formulas are bounded, and the bound is said', () => {
  it('a formula reaching back past the kept cells is unresolved, never a blank or a zero', () => {
    const formulas = sheetOfNumbers(40, { cells: 16, steps: 1_000 });
    formulas.startRow(41);
    formulas.defer(1, 'A40+A39', undefined);
    formulas.defer(2, 'A1+1', undefined);
    formulas.defer(3, 'SUM(A2:A40)', undefined);
    const outcomes = formulas.endRow();
    expect(outcomes.get(1)).toEqual({ kind: 'value', value: { units: 79n, scale: 0 } });
    for (const column of [2, 3]) {
      const outcome = outcomes.get(column);
      expect(outcome).toMatchObject({ kind: 'problem', code: 'xlsx.formula-unresolved' });
      expect(outcome?.kind === 'problem' && outcome.reason).toMatch(
        /further above than the reader keeps \(the last 16 cells/,
      );
    }
  });

  it('a blank cell within the kept cells still counts as 0', () => {
    const formulas = sheetOfNumbers(4, { cells: 16, steps: 1_000 });
    formulas.startRow(5);
    formulas.defer(0, 'B4+A4', undefined);
    expect(formulas.endRow().get(0)).toEqual({ kind: 'value', value: { units: 4n, scale: 0 } });
  });

  it('once the formulas have looked at more cells than allowed, the rest are unresolved', () => {
    const formulas = sheetOfNumbers(10, { cells: 64, steps: 25 });
    formulas.startRow(11);
    formulas.defer(1, 'SUM(A1:A10)', undefined);
    formulas.defer(2, 'SUM(A1:A10)', undefined);
    formulas.defer(3, 'SUM(A1:A10)', undefined);
    const outcomes = formulas.endRow();
    expect(outcomes.get(1)).toEqual({ kind: 'value', value: { units: 55n, scale: 0 } });
    const stopped = outcomes.get(3);
    expect(stopped?.kind === 'problem' && stopped.reason).toMatch(/look at more than 25 cells/);
  });

  it('a chain of formulas on one row longer than the bound is unresolved, not a stack overflow', () => {
    const formulas = new SheetFormulas({ cells: 100_000, steps: 10_000_000 });
    formulas.startRow(1);
    formulas.record(5000, 'number', 1);
    // A1 uses B1, which uses C1, … up to the number at column 5000.
    for (let column = 0; column < 5000; column += 1) {
      const next = column + 1;
      let letters = '';
      for (let rest = next + 1; rest > 0; rest = Math.floor((rest - 1) / 26))
        letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
      formulas.defer(column, `${letters}1+1`, undefined);
    }
    const outcomes = formulas.endRow();
    expect(outcomes.get(0)).toMatchObject({ kind: 'problem', code: 'xlsx.formula-unresolved' });
    expect(outcomes.get(4999)).toEqual({ kind: 'value', value: { units: 2n, scale: 0 } });
  });
});

describe('a cell is read at the 15 digits Excel shows', () => {
  it('whatever the double, the same digits as every other number the reader reads', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    const values = [0.1 + 0.2, 8041.2900000000009, 1e21, 1.5e-7, -123456789012345.6, 2 ** 53 + 2];
    for (let i = 0; i < 20_000; i += 1) {
      const magnitude = 10 ** Math.floor(random() * 30 - 12);
      values.push((random() - 0.5) * magnitude, Math.round(random() * 1e6) / 100);
    }
    const mismatched = values.filter(
      (value) => decimalText(decimalOfCell(value)) !== numberToDecimalText(value),
    );
    expect(mismatched).toEqual([]);
  });
});
