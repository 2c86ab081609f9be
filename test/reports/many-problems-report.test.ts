import { execFile } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { KEPT_PER_CODE } from '../../src/collections/first-per-code.js';
import { projectRoot } from '../../src/config/project-paths.js';
import type { WrittenReport } from '../../src/reports/write-run-report.js';
import { xlsxSheetNames } from '../../src/reports/write-xlsx.js';

const run = promisify(execFile);

/** The entries of report.json's `problems` and `skippedRows`, counted line by line (one a line). */
async function listedLines(file: string): Promise<{ problems: number; skipped: number }> {
  const listed = { problems: 0, skipped: 0 };
  for await (const line of createInterface({ input: createReadStream(file) })) {
    if (line.startsWith('    {"severity"')) listed.problems += 1;
    if (line.startsWith('    {"step"')) listed.skipped += 1;
  }
  return listed;
}

/** Data rows of each sheet of the workbook, read as it streams. */
async function sheetRows(file: string): Promise<number[]> {
  const rows: number[] = [];
  for await (const sheet of new ExcelJS.stream.xlsx.WorkbookReader(file, {})) {
    let count = 0;
    for await (const row of sheet) if (row.number > 1) count += 1;
    rows.push(count);
  }
  return rows;
}

describe('a run report of half a million problems and 100,000 skipped rows', () => {
  // 600,000 bad rows killed the worker writing the report: every problem was read into the report
  // and stringified whole, so the run was blocked and the report saying why was never written.
  it('is written within a 128 MiB heap: the first of each code kept, every one in JSON and XLSX', async () => {
    const script = path.join(projectRoot, 'test/reports/support/many-problems-report.ts');
    const { stdout } = await run(
      process.execPath,
      ['--max-old-space-size=128', '--import', 'tsx', script, '500000', '100000'],
      { cwd: projectRoot, maxBuffer: 16 * 1024 * 1024 },
    ).catch((error: { stderr?: string; message: string }) => {
      throw new Error(
        `the report was not written: ${(error.stderr ?? error.message).slice(-2000)}`,
      );
    });
    const { written, kept, problemCodes, skippedKept, skippedRowCount } = JSON.parse(
      stdout.trim().split('\n').at(-1) ?? '{}',
    ) as {
      written: WrittenReport;
      kept: number;
      problemCodes: unknown;
      skippedKept: number;
      skippedRowCount: number;
    };
    try {
      // The first of the flood, and every one of the 50 notes.
      expect(kept).toBe(KEPT_PER_CODE + 50);
      expect(problemCodes).toEqual([
        { severity: 'error', code: 'csv.column-count', count: 499_950 },
        { severity: 'info', code: 'value.defaulted', count: 50 },
      ]);
      expect(skippedKept).toBe(KEPT_PER_CODE);
      expect(skippedRowCount).toBe(100_000);
      expect(await listedLines(written.json)).toEqual({ problems: 500_000, skipped: 100_000 });
      const html = await readFile(written.html, 'utf8');
      expect(html).toContain('Showing 100 of 499,950');
      expect(html).toContain('Showing 100 of 100,000');
      const rows = await sheetRows(written.xlsx);
      const sheet = (name: (typeof xlsxSheetNames)[number]) => rows[xlsxSheetNames.indexOf(name)];
      expect(sheet('Problems')).toBe(500_000);
      expect(sheet('Skipped')).toBe(100_000);
    } finally {
      await rm(written.folder, { recursive: true, force: true });
    }
  }, 600_000);
});
