import { copyFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityNames, type EntityName } from '../../src/ledger/index.js';
import { readLedger } from '../../mappings/read-ledger.js';
import type { SourceFormat } from '../../mappings/source-formats.js';
import { validateLedger } from '../../src/validation/validate-ledger.js';
import { splitLine } from '../../src/sources/csv/detect-delimiter.js';
import { collectLedger, dropField, sorted } from './golden/collect-ledger.js';
import { expectedLedger } from './golden/expected-ledger.js';
import { formatLimits } from './golden/format-limits.js';

const fixtures = join(import.meta.dirname, '../fixtures/golden');
const settings = { cutoverDate: '2024-01-01', endDate: '2024-01-31', baseCurrency: 'USD' };

function project(entity: EntityName, records: readonly unknown[], format: SourceFormat): unknown[] {
  const fields = formatLimits[format].fields[entity] ?? [];
  return sorted(
    records.map((record) => {
      const copy = structuredClone(record) as Record<string, unknown>;
      for (const field of fields) dropField(copy, field);
      return copy;
    }),
  );
}

async function readGolden(folder: string, format: SourceFormat) {
  return collectLedger(
    validateLedger(readLedger({ folder, format, defaultCurrency: 'USD' }), settings),
  );
}

/** Rebuilds the generic CSV fixtures as one workbook, one sheet per entity, typed cells. */
async function genericWorkbook(dir: string): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  for (const file of (await readdir(join(fixtures, 'generic'))).sort()) {
    const sheet = workbook.addWorksheet(file.replace(/\.csv$/, ''));
    const lines = (await readFile(join(fixtures, 'generic', file), 'utf8')).trim().split('\n');
    for (const line of lines) {
      const row = sheet.addRow(
        splitLine(line, ',').map((cell) => {
          if (/^\d{4}-\d{2}-\d{2}$/.test(cell)) return new Date(`${cell}T00:00:00Z`);
          if (/^-?\d+(\.\d+)?$/.test(cell) && !/^0\d/.test(cell)) return Number(cell);
          return cell === '' ? null : cell;
        }),
      );
      row.eachCell((cell) => {
        if (cell.value instanceof Date) cell.numFmt = 'yyyy-mm-dd';
      });
    }
  }
  await workbook.xlsx.writeFile(join(dir, 'harbour-lights.xlsx'));
}

describe('golden ledgers: one small company in every format', () => {
  let xlsxFolder: string;
  beforeAll(async () => {
    xlsxFolder = await mkdtemp(join(tmpdir(), 'golden-xlsx-'));
    await genericWorkbook(xlsxFolder);
  });
  afterAll(async () => {
    await rm(xlsxFolder, { recursive: true, force: true });
  });

  const cases: [string, SourceFormat, () => string][] = [
    ['generic CSV', 'generic', () => join(fixtures, 'generic')],
    ['generic XLSX workbook', 'generic', () => xlsxFolder],
    ['Xero', 'xero', () => join(fixtures, 'xero')],
    ['QuickBooks Online', 'quickbooks-online', () => join(fixtures, 'quickbooks-online')],
    [
      'QuickBooks Desktop IIF',
      'quickbooks-desktop-iif',
      () => join(fixtures, 'quickbooks-desktop-iif'),
    ],
  ];

  for (const [name, format, folder] of cases) {
    describe(name, () => {
      let ledger: Awaited<ReturnType<typeof readGolden>>;
      beforeAll(async () => {
        ledger = await readGolden(folder(), format);
      });

      it('reads and validates without errors', () => {
        expect(ledger.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
      });

      it('yields entities in dependency order', () => {
        const positions = ledger.order.map((entity) => entityNames.indexOf(entity));
        expect(positions).toEqual([...positions].sort((a, b) => a - b));
      });

      for (const entity of entityNames) {
        it(`produces the expected ${entity} records`, () => {
          const limits = formatLimits[format];
          if (limits.entities.includes(entity)) {
            expect(ledger.records[entity]).toEqual([]);
            return;
          }
          expect(project(entity, ledger.records[entity], format)).toEqual(
            project(entity, expectedLedger[entity], format),
          );
        });
      }
    });
  }

  it('finds the same ledger when the generic workbook is copied beside other files', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'golden-mixed-'));
    try {
      await copyFile(join(xlsxFolder, 'harbour-lights.xlsx'), join(dir, 'ledger.xlsx'));
      await copyFile(join(fixtures, 'xero', 'Contacts.csv'), join(dir, 'Contacts.csv'));
      const ledger = await readGolden(dir, 'generic');
      expect(sorted(ledger.records.account)).toEqual(sorted(expectedLedger.account));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
