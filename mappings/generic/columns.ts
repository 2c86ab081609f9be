import type { ColumnSpec } from '../../src/sources/table/column-spec.js';
import { genericTemplateTables, type TemplateTable } from './template-tables.js';

/** The generic template of a table, by id. */
function templateOf(id: string): TemplateTable {
  const table = genericTemplateTables.find((candidate) => candidate.id === id);
  if (!table) throw new Error(`no generic template ${id}`);
  return table;
}

/** Column specs of a generic table: the id is the header, which also accepts spaced spellings. */
export function genericColumns(id: string): ColumnSpec[] {
  return templateOf(id).columns.map((column) => ({
    id: column.header,
    headers: [column.header],
    required: column.required ?? false,
  }));
}

/**
 * The sample row the template of a generic table is written with (src/templates/write-templates.ts),
 * by column: left in the export, it is recognised and not read.
 */
export function genericSampleRow(id: string): Record<string, string> {
  return Object.fromEntries(templateOf(id).columns.map((column) => [column.header, column.sample]));
}

/** File and sheet names of a generic table: "opening_balances" also matches "Opening Balances". */
export function genericFileNames(id: string): string[] {
  return [id];
}
