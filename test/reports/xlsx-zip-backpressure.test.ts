import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdMapRow } from '../../src/reports/run-report.js';
import { reportWorkbook } from '../../src/reports/xlsx/report-workbook.js';
import { idMapColumns } from '../../src/reports/xlsx/run-record-sheets.js';
import { writeTableSheet } from '../../src/reports/xlsx/table-sheet.js';

setFlagsFromString('--expose_gc');
const collectGarbage = runInNewContext('gc') as () => void;

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'ledgerlift-xlsx-backpressure-'));
});
afterAll(async () => rm(folder, { recursive: true, force: true }));

const ROWS = 120_000;

describe('a streaming sheet of many rows from a synchronous source', () => {
  // The large live run's worker peaked at 502 MiB anonymous while writing its report: the ID map
  // comes from the off-heap index without yielding, and the zip compressed nothing until the sheet
  // ended, so every row's XML waited in Buffers outside the heap cap. Memory outside the heap
  // (Buffers still referenced after a full collection) must stay bounded while the rows go out.
  it('hands its XML to the zip as it goes, holding a bounded amount outside the heap', async () => {
    const file = path.join(folder, 'id-map.xlsx');
    const workbook = reportWorkbook(file, '2026-01-05T00:00:00Z');
    collectGarbage();
    const start = process.memoryUsage().arrayBuffers;
    let largest = 0;
    let pass = 0;
    function* rows(): Generator<IdMapRow> {
      pass += 1;
      for (let n = 0; n < ROWS; n += 1) {
        if (pass === 2 && n % 10_000 === 0) {
          collectGarbage();
          largest = Math.max(largest, process.memoryUsage().arrayBuffers - start);
        }
        yield {
          entity: 'payment-transaction',
          key: `PMT-${String(n).padStart(7, '0')}`,
          id: `0d5c3a8e-4b1f-4c2d-9e7a-${n.toString(16).padStart(12, '0')}`,
          step: 'payments',
          how: 'created',
          round: 0,
        };
      }
    }
    await writeTableSheet(workbook, 'ID map', idMapColumns, rows);
    await workbook.commit();
    expect((await stat(file)).size).toBeGreaterThan(1_000_000);
    // 120,000 rows are about 30 MB of XML; held whole, they showed here.
    expect(largest).toBeLessThan(8 * 1024 * 1024);
  }, 120_000);
});
