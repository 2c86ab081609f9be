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

const run = promisify(execFile);

/** The entries of report.json's `problems`, counted line by line (one problem a line). */
async function problemLines(file: string): Promise<number> {
  let count = 0;
  for await (const line of createInterface({ input: createReadStream(file) }))
    if (line.startsWith('    {"severity"')) count += 1;
  return count;
}

describe('a run report of half a million problems', () => {
  // 600,000 bad rows killed the worker writing the report: every problem was read into the report
  // and stringified whole, so the run was blocked and the report saying why was never written.
  it('is written within a 128 MiB heap: the first of each code kept, every one in JSON and XLSX', async () => {
    const script = path.join(projectRoot, 'test/reports/support/many-problems-report.ts');
    const { stdout } = await run(
      process.execPath,
      ['--max-old-space-size=128', '--import', 'tsx', script, '500000'],
      { cwd: projectRoot, maxBuffer: 16 * 1024 * 1024 },
    ).catch((error: { stderr?: string; message: string }) => {
      throw new Error(
        `the report was not written: ${(error.stderr ?? error.message).slice(-2000)}`,
      );
    });
    const { written, kept, problemCodes } = JSON.parse(
      stdout.trim().split('\n').at(-1) ?? '{}',
    ) as {
      written: WrittenReport;
      kept: number;
      problemCodes: unknown;
    };
    try {
      // The first of the flood, and every one of the 50 notes.
      expect(kept).toBe(KEPT_PER_CODE + 50);
      expect(problemCodes).toEqual([
        { severity: 'error', code: 'csv.column-count', count: 499_950 },
        { severity: 'info', code: 'value.defaulted', count: 50 },
      ]);
      expect(await problemLines(written.json)).toBe(500_000);
      const html = await readFile(written.html, 'utf8');
      expect(html).toContain('Showing 100 of 499,950');
      const workbook = new ExcelJS.stream.xlsx.WorkbookReader(written.xlsx, {});
      let problemRows = 0;
      for await (const sheet of workbook) {
        if ((sheet as unknown as { name: string }).name !== 'Problems') continue;
        for await (const row of sheet) if (row.number > 1) problemRows += 1;
      }
      expect(problemRows).toBe(500_000);
    } finally {
      await rm(written.folder, { recursive: true, force: true });
    }
  }, 600_000);
});
