import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportChecklists } from '../../mappings/read-ledger.js';
import { sourceFormats } from '../../mappings/source-formats.js';
import { exportName, menuPathText } from '../../mappings/shared/export-checklist.js';
import { projectRoot } from '../../src/config/project-paths.js';

/** The rows of the table under `### <heading>` in docs/mappings.md, as trimmed cells. */
function tableUnder(doc: string, heading: string): string[][] {
  const start = doc.indexOf(`\n### ${heading}\n`);
  if (start < 0) return [];
  const rows: string[][] = [];
  for (const line of doc.slice(start).split('\n').slice(2)) {
    if (line.startsWith('#')) break;
    if (!line.startsWith('|') || /^\|\s*-/.test(line)) continue;
    rows.push(
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
  }
  return rows.slice(1);
}

describe('docs/mappings.md, "What to export from each system"', () => {
  it('lists every export of every format with the menu path and layout trust the checklist prints', async () => {
    const doc = await readFile(path.join(projectRoot, 'docs', 'mappings.md'), 'utf8');
    for (const format of sourceFormats.filter((format) => format !== 'generic')) {
      const checklist = exportChecklists[format];
      const rows = tableUnder(doc, `${checklist.system} (\`--format ${format}\`)`);
      expect(
        rows.map(([name, , menu, , layout]) => [name, menu, layout]),
        format,
      ).toEqual(
        checklist.items.map((item) => [
          exportName(item),
          menuPathText(item),
          `${item.layout.trust}: ${item.layout.evidence}`,
        ]),
      );
    }
  });
});
