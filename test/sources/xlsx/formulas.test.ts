import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Problem } from '../../../src/ledger/index.js';
import { cellText, UnreadableCell, type CellValue } from '../../../src/sources/cell.js';
import { readXlsxRows } from '../../../src/sources/xlsx/read-xlsx-rows.js';
import { ACCOUNTS_CSV, readFiles } from '../export-folder.js';
import { formula, handWorkbook, number, row, text } from './hand-workbook.js';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'ledgerlift-formulas-'));
});
afterAll(async () => rm(folder, { recursive: true, force: true }));

/** The cells of a one-sheet workbook as the reader gives them, by reference ("B7"). */
async function cellsOf(rows: string): Promise<Map<string, CellValue>> {
  const path = join(folder, `book-${Math.random().toString(36).slice(2)}.xlsx`);
  await writeFile(path, handWorkbook([{ name: 'Report', rows }]));
  const cells = new Map<string, CellValue>();
  for await (const batch of readXlsxRows({
    path,
    file: 'report.xlsx',
    onProblem: (problem) => {
      throw new Error(problem.message);
    },
  })) {
    for (const raw of batch)
      raw.cells.forEach((cell, column) => {
        if (cell !== undefined) cells.set(`${String.fromCharCode(65 + column)}${raw.row}`, cell);
      });
  }
  return cells;
}

/** What a cell shows: its number's text, or the code of why it cannot be read. */
function shown(cells: Map<string, CellValue>, reference: string): string {
  const cell = cells.get(reference);
  return cell instanceof UnreadableCell ? cell.code : cellText(cell);
}

describe('formulas without saved results, as QuickBooks Online writes every amount', () => {
  it('evaluates numbers, unary minus, +, -, parentheses, references and SUM exactly', async () => {
    const cells = await cellsOf(
      row(1, text('A1', 'Checking'), formula('B1', '2250')) +
        row(2, text('A2', 'Discounts'), formula('B2', '-89.5')) +
        // A heading row: B3 is blank, and a blank counts as 0 (QBO's "(B3)+(B4)" totals rely on it).
        row(3, text('A3', 'Truck')) +
        row(4, text('A4', 'Original cost'), formula('B4', '13495')) +
        row(5, text('A5', 'Total truck'), formula('B5', '(B3)+(B4)')) +
        row(6, text('A6', 'Total'), formula('B6', 'SUM($B$1:B2)+B5')) +
        row(7, formula('B7', '0.1+0.2'), formula('C7', '--B7'), formula('D7', '- (B1 - B2)')) +
        row(8, number('B8', 1234567890123.45), formula('C8', 'B8+0.01')) +
        row(9, formula('B9', 'E9-F9'), number('E9', 110.1), number('F9', 10.05)),
    );
    expect(shown(cells, 'B1')).toBe('2250');
    expect(shown(cells, 'B2')).toBe('-89.5');
    expect(shown(cells, 'B5')).toBe('13495');
    expect(shown(cells, 'B6')).toBe('15655.5');
    expect(shown(cells, 'B7')).toBe('0.3');
    expect(shown(cells, 'C7')).toBe('0.3');
    expect(shown(cells, 'D7')).toBe('-2339.5');
    expect(shown(cells, 'C8')).toBe('1234567890123.46');
    // A formula may use cells right of it on its row: the row is evaluated when it ends.
    expect(shown(cells, 'B9')).toBe('100.05');
  });

  it('SUM passes over text and blanks in its ranges, as Excel does', async () => {
    const cells = await cellsOf(
      row(1, text('A1', 'Debit')) +
        row(2, formula('A2', '10.10')) +
        row(3, text('A3', 'a note')) +
        row(5, formula('A5', '0.15')) +
        row(6, formula('A6', 'SUM(A1:A5)')),
    );
    expect(shown(cells, 'A6')).toBe('10.25');
  });

  it('a formula that refers to a formula cell above uses its value', async () => {
    const cells = await cellsOf(
      row(1, formula('A1', '1.5'), formula('B1', 'A1+A1')) +
        row(2, formula('A2', 'SUM(A1:B1)'), formula('B2', 'A2-B1')),
    );
    expect(shown(cells, 'B1')).toBe('3');
    expect(shown(cells, 'A2')).toBe('4.5');
    expect(shown(cells, 'B2')).toBe('1.5');
  });

  it.each([
    ['a function outside the set', 'ROUND(A1,0)', 'xlsx.formula-unsupported'],
    ['another sheet', 'Sheet2!A1+1', 'xlsx.formula-unsupported'],
    ['multiplication', 'A1*2', 'xlsx.formula-unsupported'],
    ['text', '"12"+1', 'xlsx.formula-unsupported'],
    ['a defined name', 'Total+1', 'xlsx.formula-unsupported'],
    ['a cell below (a forward reference)', 'A3+1', 'xlsx.formula-unresolved'],
    ['itself (a circular reference)', 'B2+1', 'xlsx.formula-unresolved'],
    ['a range holding itself', 'SUM(A2:C2)', 'xlsx.formula-unresolved'],
    ['text in arithmetic', 'A1+1', 'xlsx.formula-unresolved'],
    ['an error value', 'C1+1', 'xlsx.formula-unresolved'],
  ])('a formula using %s is unreadable, never a zero', async (_what, expression, code) => {
    const cells = await cellsOf(
      row(1, text('A1', 'heading'), formula('B1', '5'), '<c r="C1" t="e"><v>#REF!</v></c>') +
        row(2, formula('A2', '7'), formula('B2', expression)) +
        row(3, formula('A3', '9')),
    );
    const cell = cells.get('B2');
    expect(cell).toBeInstanceOf(UnreadableCell);
    expect((cell as UnreadableCell).code).toBe(code);
    expect((cell as UnreadableCell).description).toContain(`=${expression}`);
  });

  it('two formulas of one row that use each other are circular, both unreadable', async () => {
    const cells = await cellsOf(row(1, formula('A1', 'B1+1'), formula('B1', 'A1+1')));
    expect(shown(cells, 'A1')).toBe('xlsx.formula-unresolved');
    expect(shown(cells, 'B1')).toBe('xlsx.formula-unresolved');
  });

  it('a formula using a cell that could not be evaluated cannot be either', async () => {
    const cells = await cellsOf(
      row(1, formula('A1', 'ROUND(2,0)')) +
        row(2, formula('A2', 'A1+1'), formula('B2', 'SUM(A1:A1)')),
    );
    expect(shown(cells, 'A2')).toBe('xlsx.formula-unresolved');
    expect(shown(cells, 'B2')).toBe('xlsx.formula-unresolved');
  });
});

describe('formulas with saved results', () => {
  it('reads the saved result, and the formula outside the set stays unevaluated', async () => {
    const cells = await cellsOf(
      row(
        1,
        formula('A1', '10', '10'),
        formula('B1', 'ROUND(A1,0)', '10'),
        formula('C1', 'A1*3', '30'),
      ),
    );
    expect(shown(cells, 'B1')).toBe('10');
    expect(shown(cells, 'C1')).toBe('30');
  });

  it("a double's last digit in the saved result agrees with the exact value", async () => {
    const cells = await cellsOf(
      row(1, formula('A1', '8041.29', '8041.29')) +
        row(
          2,
          formula('A2', '0.1+0.2', '0.30000000000000004'),
          formula('B2', 'A1+0.01', '8041.3000000000002'),
        ),
    );
    expect(shown(cells, 'A2')).toBe('0.3');
    expect(shown(cells, 'B2')).toBe('8041.3');
  });

  it('a saved result the formula does not give is unreadable, naming both', async () => {
    const cells = await cellsOf(
      row(1, formula('A1', '100', '100'), formula('B1', '20', '20')) +
        row(2, formula('A2', 'A1+B1', '110')),
    );
    const cell = cells.get('A2');
    expect(cell).toBeInstanceOf(UnreadableCell);
    expect((cell as UnreadableCell).code).toBe('xlsx.formula-result-differs');
    expect((cell as UnreadableCell).description).toMatch(/110.*120/);
  });
});

describe('formula problems reach the consultant located, with what to do', () => {
  function only(problems: readonly Problem[], code: string): Problem {
    const matching = problems.filter((problem) => problem.code === code);
    expect(matching, `${code} in ${JSON.stringify(problems, null, 1)}`).toHaveLength(1);
    return matching[0] as Problem;
  }

  it('a QuickBooks-style sheet of formulas without results migrates; one it cannot evaluate is located', async () => {
    const book = handWorkbook([
      {
        name: 'opening_balances',
        rows:
          row(1, text('A1', 'Account'), text('B1', 'Debit'), text('C1', 'Credit')) +
          row(2, text('A2', '1000'), formula('B2', '3824.41')) +
          row(3, text('A3', '4000'), formula('C3', '(B2)+(B5)-3784.04')) +
          row(4, text('A4', '4100'), formula('C4', 'SUM(B2:B2)-40.37')) +
          row(5, text('A5', '4200'), formula('C5', 'VLOOKUP(A5,A1:C4,3)')),
      },
    ]);
    const { records, problems } = await readFiles({
      'accounts.csv': `${ACCOUNTS_CSV}4100,Other income,revenue\n4200,Interest,revenue\n`,
      'ledger.xlsx': book,
    });
    expect(
      records.filter((record) => record.entity === 'opening-balance').map((record) => record.value),
    ).toEqual([
      expect.objectContaining({ accountKey: '1000', debit: '3824.41' }),
      expect.objectContaining({ accountKey: '4100', credit: '3784.04' }),
    ]);
    const below = only(problems, 'xlsx.formula-unresolved');
    expect(below.location).toEqual({
      file: 'ledger.xlsx',
      sheet: 'opening_balances',
      row: 3,
      column: 'Credit',
    });
    expect(below.message).toContain('=(B2)+(B5)-3784.04');
    expect(below.message).toMatch(/B5, below it/);
    expect(below.message).toMatch(/save it/);
    const unsupported = only(problems, 'xlsx.formula-unsupported');
    expect(unsupported.location).toMatchObject({ row: 5, column: 'Credit' });
    expect(unsupported.message).toMatch(/uses VLOOKUP/);
  });
});
