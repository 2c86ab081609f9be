import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import {
  genericTemplateTables,
  type TemplateTable,
} from '../../mappings/generic/template-tables.js';
import { csvLine } from './csv-line.js';

/** The workbook holding every generic template, one sheet per entity. */
export const TEMPLATE_WORKBOOK = 'ledgerlift-templates.xlsx';
/** The hidden sheet listing allowed values, referenced by the drop-downs. */
const LISTS_SHEET = 'lists';
/** Rows below the header that get drop-downs. */
const VALIDATED_ROWS = 1000;

function columnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

function addSheet(
  workbook: ExcelJS.Workbook,
  table: TemplateTable,
  lists: ReturnType<typeof listRanges>,
): void {
  const sheet = workbook.addWorksheet(table.id, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = table.columns.map((column) => ({
    header: column.header,
    width: Math.max(12, column.header.length + 2),
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  table.columns.forEach((column, index) => {
    const cell = header.getCell(index + 1);
    cell.note = `${column.required ? 'Required. ' : ''}${column.note}`;
    if (column.required)
      cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFF2CC' } };
  });
  sheet.addRow(table.columns.map((column) => column.sample || null));
  table.columns.forEach((column, index) => {
    if (!column.allowed) return;
    const range = lists.get(column.allowed.join('|'))?.range;
    if (!range) return;
    const letter = columnLetter(index);
    for (let row = 2; row <= VALIDATED_ROWS + 1; row += 1) {
      sheet.getCell(`${letter}${row}`).dataValidation = {
        type: 'list',
        allowBlank: !column.required,
        formulae: [range],
        showErrorMessage: true,
        errorTitle: column.header,
        error: `${column.header} must be one of: ${column.allowed.join(', ')}`,
      };
    }
  });
}

/** Each distinct list of allowed values gets a column of the lists sheet: list → range formula. */
function listRanges(): Map<string, { header: string; values: readonly string[]; range: string }> {
  const ranges = new Map<string, { header: string; values: readonly string[]; range: string }>();
  for (const table of genericTemplateTables) {
    for (const column of table.columns) {
      const key = column.allowed?.join('|');
      if (!column.allowed || key === undefined || ranges.has(key)) continue;
      const letter = columnLetter(ranges.size);
      const range = `${LISTS_SHEET}!$${letter}$2:$${letter}$${column.allowed.length + 1}`;
      ranges.set(key, { header: column.header, values: column.allowed, range });
    }
  }
  return ranges;
}

function addLists(workbook: ExcelJS.Workbook, ranges: ReturnType<typeof listRanges>): void {
  const sheet = workbook.addWorksheet(LISTS_SHEET, { state: 'hidden' });
  [...ranges.values()].forEach((list, index) => {
    const letter = columnLetter(index);
    sheet.getCell(`${letter}1`).value = list.header;
    list.values.forEach((value, row) => (sheet.getCell(`${letter}${row + 2}`).value = value));
  });
}

/**
 * Writes the generic templates into `dir` (created if needed): one XLSX workbook with a sheet per
 * entity (bold headers with notes, required columns shaded, drop-down lists for the enumerated
 * columns, one sample row) and the matching CSV files. Returns the written paths, workbook first.
 */
export async function writeTemplates(dir: string): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Ledgerlift';
  const lists = listRanges();
  for (const table of genericTemplateTables) addSheet(workbook, table, lists);
  // The lists sheet comes last, so the entity sheets open first.
  addLists(workbook, lists);
  const workbookPath = join(dir, TEMPLATE_WORKBOOK);
  await workbook.xlsx.writeFile(workbookPath);
  const written = [workbookPath];
  for (const table of genericTemplateTables) {
    const path = join(dir, `${table.id}.csv`);
    const header = csvLine(table.columns.map((column) => column.header));
    const sample = csvLine(table.columns.map((column) => column.sample));
    await writeFile(path, `${header}\r\n${sample}\r\n`, 'utf8');
    written.push(path);
  }
  return written;
}
