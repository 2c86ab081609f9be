import { describe, expect, it } from 'vitest';
import type { Problem } from '../../../src/ledger/index.js';
import { ACCOUNTS_CSV, readFiles } from '../export-folder.js';
import { handWorkbook, number, row, text } from './hand-workbook.js';

const HEADER = row(
  1,
  text('A1', 'Key'),
  text('B1', 'BankAccount'),
  text('C1', 'Date'),
  text('D1', 'Amount'),
);

/** A bank transactions sheet whose Date cell is `date` (a cell built by hand-workbook.ts). */
async function readDate(date: (reference: string) => string, date1904 = false) {
  const book = handWorkbook(
    [
      {
        name: 'bank_transactions',
        rows:
          HEADER + row(2, text('A2', 'BT-1'), text('B2', '1000'), date('C2'), number('D2', -15)),
      },
    ],
    { date1904 },
  );
  const { records, problems } = await readFiles({
    'accounts.csv': ACCOUNTS_CSV,
    'ledger.xlsx': book,
  });
  const dates = records
    .filter((record) => record.entity === 'bank-transaction')
    .map((record) => (record.value as { date: string }).date);
  return { dates, problems };
}

function only(problems: readonly Problem[], code: string): Problem {
  const matching = problems.filter((problem) => problem.code === code);
  expect(matching, `${code} in ${JSON.stringify(problems, null, 1)}`).toHaveLength(1);
  return matching[0] as Problem;
}

describe('dates in workbooks read as Excel shows them, or are located problems', () => {
  it('a date cell (a serial under a date format) is its date', async () => {
    expect((await readDate((at) => number(at, 45306, 1))).dates).toEqual(['2024-01-15']);
    expect((await readDate((at) => number(at, 43844, 1), true)).dates).toEqual(['2024-01-15']);
  });

  it('a date typed as a number with no date format is a problem, not year 2311', async () => {
    const { dates, problems } = await readDate((at) => number(at, 150126));
    expect(dates).toEqual([]);
    const problem = only(problems, 'xlsx.date-as-number');
    expect(problem.location).toEqual({
      file: 'ledger.xlsx',
      sheet: 'bank_transactions',
      row: 2,
      column: 'Date',
    });
    expect(problem.message).toContain('150126');
    expect(problem.message).toMatch(/no date format/);
  });

  it('an Excel serial under no date format is a problem naming the date it would be', async () => {
    const { dates, problems } = await readDate((at) => number(at, 45306));
    expect(dates).toEqual([]);
    expect(only(problems, 'xlsx.date-as-number').message).toContain('2024-01-15');
  });

  it("Excel's fictitious 29 February 1900 is a problem, not 28 February", async () => {
    const { dates, problems } = await readDate((at) => number(at, 60, 1));
    expect(dates).toEqual([]);
    const problem = only(problems, 'xlsx.date-1900-02-29');
    expect(problem.location).toMatchObject({ row: 2, column: 'Date' });
    expect(problem.message).toMatch(/29 February 1900/);
  });

  it('the days of 1900 before it are the days Excel shows', async () => {
    expect((await readDate((at) => number(at, 59, 1))).dates).toEqual(['1900-02-28']);
    expect((await readDate((at) => number(at, 1, 1))).dates).toEqual(['1900-01-01']);
    expect((await readDate((at) => number(at, 61, 1))).dates).toEqual(['1900-03-01']);
  });
});
