import { describe, expect, it } from 'vitest';
import { readFiles, realProblems } from '../export-folder.js';
import { handWorkbook, row, text } from './hand-workbook.js';

const HEADER = row(1, text('A1', 'Code'), text('B1', 'Name'), text('C1', 'Kind'));

const names = (records: { entity: string; value: unknown }[]) =>
  records
    .filter((record) => record.entity === 'account')
    .map((record) => (record.value as { name: string }).name);

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
});
