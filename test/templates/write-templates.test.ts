import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountKinds } from '../../src/ledger/index.js';
import { genericTemplateTables } from '../../mappings/generic/template-tables.js';
import { readLedger } from '../../mappings/read-ledger.js';
import { csvLine } from '../../src/templates/csv-line.js';
import { TEMPLATE_WORKBOOK, writeTemplates } from '../../src/templates/write-templates.js';

describe('writeTemplates', () => {
  let dir: string;
  let written: string[];
  const workbook = new ExcelJS.Workbook();

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'templates-'));
    written = await writeTemplates(join(dir, 'out'));
    await workbook.xlsx.readFile(join(dir, 'out', TEMPLATE_WORKBOOK));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes the workbook and one CSV per entity, and returns their paths', () => {
    expect(written.map((path) => basename(path))).toEqual([
      TEMPLATE_WORKBOOK,
      ...genericTemplateTables.map((table) => `${table.id}.csv`),
    ]);
  });

  it('has one sheet per entity with the documented headers and a sample row', () => {
    for (const table of genericTemplateTables) {
      const sheet = workbook.getWorksheet(table.id);
      expect(sheet, table.id).toBeDefined();
      const headers = (sheet?.getRow(1).values as unknown[]).slice(1);
      expect(headers).toEqual(table.columns.map((column) => column.header));
      expect(
        sheet?.getRow(2).getCell(table.columns.findIndex((column) => column.required) + 1).value,
      ).toBeTruthy();
    }
  });

  it('offers drop-down lists for enumerated columns, pointing at the allowed values', () => {
    const accounts = workbook.getWorksheet('accounts');
    const kindColumn =
      genericTemplateTables[0]?.columns.findIndex((column) => column.header === 'Kind') ?? -1;
    const validation = accounts?.getRow(3).getCell(kindColumn + 1).dataValidation;
    expect(validation?.type).toBe('list');
    const formula: unknown = validation?.formulae?.[0];
    const range = /^lists!\$([A-Z]+)\$2:\$[A-Z]+\$(\d+)$/.exec(String(formula));
    expect(range).not.toBeNull();
    const lists = workbook.getWorksheet('lists');
    const values = [];
    for (let row = 2; row <= Number(range?.[2]); row += 1)
      values.push(lists?.getCell(`${range?.[1]}${row}`).value);
    expect(values).toEqual([...accountKinds]);
  });

  it('writes CSVs whose sample rows are valid generic records, recognised when left in', async () => {
    const csv = await readFile(join(dir, 'out', 'invoices.csv'), 'utf8');
    expect(csv.split('\r\n')[0]).toBe(
      genericTemplateTables
        .find((table) => table.id === 'invoices')
        ?.columns.map((column) => column.header)
        .join(','),
    );
    const read = async (folder: string) => {
      const problems = [];
      let records = 0;
      for await (const item of readLedger({
        folder,
        format: 'generic',
        overrides: {
          files: Object.fromEntries(
            genericTemplateTables.map((table) => [table.id, `${table.id}.csv`]),
          ),
        },
      })) {
        if (item.kind === 'record') records += 1;
        else problems.push(item.problem);
      }
      return { records, problems };
    };
    // As written, every sample row is the template's own: reported, not read.
    const asWritten = await read(join(dir, 'out'));
    expect(asWritten.records).toBe(0);
    expect(asWritten.problems.map((problem) => problem.code)).toEqual(
      genericTemplateTables.map(() => 'row.template-sample'),
    );
    // Without the columns the sample leaves blank, the same values are valid records.
    const trimmed = join(dir, 'trimmed');
    await mkdir(trimmed);
    for (const table of genericTemplateTables) {
      const filled = table.columns.filter((column) => column.sample !== '');
      await writeFile(
        join(trimmed, `${table.id}.csv`),
        `${csvLine(filled.map((column) => column.header))}\r\n${csvLine(filled.map((column) => column.sample))}\r\n`,
      );
    }
    const values = await read(trimmed);
    expect(values.problems).toEqual([]);
    expect(values.records).toBe(genericTemplateTables.length);
  });
});
