import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawRow } from '../../src/sources/cell.js';
import { readXlsxRows } from '../../src/sources/xlsx/read-xlsx-rows.js';
import { HEADER_ROW, workbook } from './hostile/hostile-corpus.js';
import { deflatedPart } from './hostile/zip-builder.js';

const inline = (reference: string, text: string) =>
  `<c r="${reference}" t="inlineStr"><is><t>${text}</t></is></c>`;

describe('XLSX rows reaching far columns are laid out only as wide as they are read', () => {
  let folder: string;
  let path: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'ledgerlift-far-columns-'));
    path = join(folder, 'accounts.xlsx');
    const rows = [
      `<row r="2">${inline('A2', '1000')}${inline('B2', 'Checking')}${inline('C2', 'bank')}${inline('XFD2', 'far')}</row>`,
      // A styled empty cell at XFD holds nothing: it does not widen the row.
      `<row r="3">${inline('A3', '1100')}<c r="XFD3" s="1"/></row>`,
    ].join('');
    await writeFile(
      path,
      workbook({
        sheet: deflatedPart(
          'xl/worksheets/sheet1.xml',
          `<worksheet><sheetData>${HEADER_ROW}${rows}</sheetData></worksheet>`,
        ),
      }),
    );
  });
  afterAll(async () => rm(folder, { recursive: true, force: true }));

  async function read(columnsRead?: () => number | undefined): Promise<RawRow[]> {
    const rows: RawRow[] = [];
    for await (const batch of readXlsxRows({
      path,
      file: 'accounts.xlsx',
      onProblem: (problem) => {
        throw new Error(problem.message);
      },
      ...(columnsRead ? { columnsRead } : {}),
    }))
      rows.push(...batch);
    return rows;
  }

  it('clips a row to the columns the caller reads, keeping the cells within them', async () => {
    const rows = await read(() => 3);
    expect(rows.map((row) => row.cells.length)).toEqual([3, 3, 1]);
    expect(rows[1]?.cells).toEqual(['1000', 'Checking', 'bank']);
  });

  it('without a width, lays a row out to its last cell that holds something', async () => {
    const rows = await read();
    expect(rows.map((row) => row.cells.length)).toEqual([3, 16_384, 1]);
    expect(rows[1]?.cells[16_383]).toBe('far');
  });
});
