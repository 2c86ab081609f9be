import { describe, expect, it } from 'vitest';
import type { Problem } from '../../../src/ledger/index.js';
import { readFiles, realProblems } from '../export-folder.js';
import { handWorkbook, row, text } from './hand-workbook.js';

const HEADER = row(1, text('A1', 'Code'), text('B1', 'Name'), text('C1', 'Kind'));

const names = (records: { entity: string; value: unknown }[]) =>
  records
    .filter((record) => record.entity === 'account')
    .map((record) => (record.value as { name: string }).name);

function only(problems: readonly Problem[], code: string): Problem {
  const matching = problems.filter((problem) => problem.code === code);
  expect(matching, `${code} in ${JSON.stringify(problems, null, 1)}`).toHaveLength(1);
  return matching[0] as Problem;
}

describe('a workbook cell reads as Excel shows it, or is a located problem', () => {
  it('a phonetic reading is not glued onto an inline string', async () => {
    const cell =
      '<c r="B2" t="inlineStr"><is><r><t>東京</t></r><rPh sb="0" eb="2"><t>トウキョウ</t></rPh><phoneticPr fontId="1"/></is></c>';
    const { records, problems } = await readFiles({
      'accounts.xlsx': handWorkbook([
        { name: 'Accounts', rows: HEADER + row(2, text('A2', '1000'), cell, text('C2', 'bank')) },
      ]),
    });
    expect(realProblems(problems)).toEqual([]);
    expect(names(records)).toEqual(['東京']);
  });

  it('a phonetic reading is not glued onto a shared string', async () => {
    const { records, problems } = await readFiles({
      'accounts.xlsx': handWorkbook(
        [
          {
            name: 'Accounts',
            rows:
              HEADER +
              row(2, text('A2', '1000'), '<c r="B2" t="s"><v>0</v></c>', text('C2', 'bank')),
          },
        ],
        {
          sharedStrings:
            '<si><t>大阪</t><rPh sb="0" eb="2"><t>オオサカ</t></rPh><phoneticPr fontId="1"/></si>',
        },
      ),
    });
    expect(realProblems(problems)).toEqual([]);
    expect(names(records)).toEqual(['大阪']);
  });

  it('a shared-string index past the table is a located problem, not a blank', async () => {
    const { records, problems } = await readFiles({
      'accounts.xlsx': handWorkbook(
        [
          {
            name: 'Accounts',
            rows:
              HEADER +
              row(2, text('A2', '1000'), '<c r="B2" t="s"><v>0</v></c>', text('C2', 'bank')) +
              row(3, text('A3', '1100'), '<c r="B3" t="s"><v>7</v></c>', text('C3', 'bank')),
          },
        ],
        { sharedStrings: '<si><t>Checking</t></si>' },
      ),
    });
    expect(names(records)).toEqual(['Checking']);
    const problem = only(problems, 'xlsx.shared-string-missing');
    expect(problem.severity).toBe('error');
    expect(problem.location).toEqual({
      file: 'accounts.xlsx',
      sheet: 'Accounts',
      row: 3,
      column: 'B',
    });
    expect(problem.message).toContain('B3');
    expect(problem.message).toMatch(/Open it in Excel/);
    expect(problems.filter((other) => other.code === 'value.required')).toEqual([]);
  });

  it('a cell written twice is a located problem, not the last value', async () => {
    const { records, problems } = await readFiles({
      'accounts.xlsx': handWorkbook([
        {
          name: 'Accounts',
          rows:
            HEADER +
            row(2, text('A2', '1000'), text('B2', 'Checking'), text('C2', 'bank')) +
            row(
              3,
              text('A3', '1100'),
              text('B3', 'Savings'),
              text('C3', 'bank'),
              text('B3', 'Payroll'),
            ),
        },
      ]),
    });
    expect(names(records)).toEqual(['Checking']);
    const problem = only(problems, 'xlsx.duplicate-cell');
    expect(problem.location).toEqual({
      file: 'accounts.xlsx',
      sheet: 'Accounts',
      row: 3,
      column: 'B',
    });
    expect(problem.message).toContain('B3');
  });
});
