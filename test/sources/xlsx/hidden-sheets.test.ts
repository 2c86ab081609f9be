import { describe, expect, it } from 'vitest';
import { readFiles, realProblems } from '../export-folder.js';
import { handWorkbook, row, text } from './hand-workbook.js';

const HEADER = row(1, text('A1', 'Code'), text('B1', 'Name'), text('C1', 'Kind'));

function accountRows(name: string): string {
  return HEADER + row(2, text('A2', '1000'), text('B2', name), text('C2', 'bank'));
}

const names = (records: { entity: string; value: unknown }[]) =>
  records
    .filter((record) => record.entity === 'account')
    .map((record) => (record.value as { name: string }).name);

describe('hidden sheets are never read', () => {
  it.each(['hidden', 'veryHidden'] as const)(
    'a workbook whose first sheet is %s reads the visible one',
    async (state) => {
      const { records, problems } = await readFiles({
        'accounts.xlsx': handWorkbook([
          { name: 'Old accounts', state, rows: accountRows('Hidden Checking') },
          { name: 'Accounts', rows: accountRows('Visible Checking') },
        ]),
      });
      expect(realProblems(problems)).toEqual([]);
      expect(names(records)).toEqual(['Visible Checking']);
    },
  );

  it('a hidden sheet named like a table is not found by its name', async () => {
    const { records, problems } = await readFiles({
      'accounts.csv': 'Code,Name,Kind\n1000,Checking,bank\n',
      'ledger.xlsx': handWorkbook([
        { name: 'Notes', rows: row(1, text('A1', 'nothing here')) },
        {
          name: 'bank_transactions',
          state: 'hidden',
          rows:
            row(
              1,
              text('A1', 'Key'),
              text('B1', 'BankAccount'),
              text('C1', 'Date'),
              text('D1', 'Amount'),
            ) +
            row(
              2,
              text('A2', 'BT-1'),
              text('B2', '1000'),
              text('C2', '2024-01-05'),
              text('D2', '-15'),
            ),
        },
      ]),
    });
    expect(records.filter((record) => record.entity === 'bank-transaction')).toEqual([]);
    expect(realProblems(problems)).toEqual([]);
  });

  it('a hidden sheet the override file names is refused with what to do', async () => {
    const { records, problems } = await readFiles(
      {
        'ledger.xlsx': handWorkbook([
          { name: 'Accounts', state: 'hidden', rows: accountRows('Hidden Checking') },
          { name: 'Other', rows: row(1, text('A1', 'nothing here')) },
        ]),
      },
      {
        format: 'generic',
        overrides: { files: { accounts: { file: 'ledger.xlsx', sheet: 'Accounts' } } },
      },
    );
    expect(names(records)).toEqual([]);
    const hidden = problems.filter((problem) => problem.code === 'xlsx.sheet-hidden');
    expect(hidden).toHaveLength(1);
    expect(hidden[0]?.location).toEqual({ file: 'ledger.xlsx', sheet: 'Accounts', row: 1 });
    expect(hidden[0]?.message).toMatch(/Unhide/);
  });

  it('a workbook with no visible sheet is refused, not read', async () => {
    const { records, problems } = await readFiles({
      'accounts.xlsx': handWorkbook([
        { name: 'Accounts', state: 'hidden', rows: accountRows('Hidden Checking') },
      ]),
    });
    expect(names(records)).toEqual([]);
    // Said once: the header that was never looked for is not a second error.
    expect(realProblems(problems).map((problem) => problem.code)).toEqual(['xlsx.sheet-hidden']);
  });
});
