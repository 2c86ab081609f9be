import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { problemSchema } from '../../src/ledger/index.js';
import { genericTemplateTables } from '../../mappings/generic/template-tables.js';
import { problemCatalog, problemOf, type ProblemCode } from '../../src/ledger/problem-catalog.js';

const docs = () => readFile(join(import.meta.dirname, '../../docs/mappings.md'), 'utf8');

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A markdown table row starting with the given cells (Prettier pads cells with spaces). */
function tableRow(...cells: string[]): RegExp {
  return new RegExp(cells.map((cell) => `\\|\\s*${escape(cell)}\\s*`).join('') + '\\|');
}

describe('problem catalog', () => {
  it('documents every code in docs/mappings.md with its severity', async () => {
    const text = await docs();
    const undocumented = Object.entries(problemCatalog)
      .filter(([code, [severity]]) => !tableRow(`\`${code}\``, severity).test(text))
      .map(([code]) => code);
    expect(undocumented).toEqual([]);
  });

  it('documents every column of the generic templates', async () => {
    const text = await docs();
    const undocumented = genericTemplateTables.flatMap((table) =>
      table.columns
        .filter((column) => !tableRow(`\`${column.header}\``).test(text))
        .map((column) => `${table.id}.${column.header}`),
    );
    expect(undocumented).toEqual([]);
  });

  it('builds problems the ledger schema accepts', () => {
    const rejected = (Object.keys(problemCatalog) as ProblemCode[]).filter(
      (code) =>
        !problemSchema.safeParse(
          problemOf(code, 'message', { location: { file: 'a.csv', row: 2 } }),
        ).success,
    );
    expect(rejected).toEqual([]);
  });
});
