import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/config/project-paths.js';

const run = promisify(execFile);

describe("a large company's run report", () => {
  // The large benchmark company's live run ended with its worker out of memory while the report
  // was written: the ID map (376,799 rows) was collected whole, then kept again as the workbook's
  // shared strings. A quarter of a million rows in half the worker's heap cap shows neither is kept.
  it('is written with 250,000 mapped rows within a 128 MiB heap', async () => {
    const script = path.join(projectRoot, 'test/reports/support/large-run-report.ts');
    const { stdout } = await run(
      process.execPath,
      ['--max-old-space-size=128', '--import', 'tsx', script, '250000'],
      { cwd: projectRoot, maxBuffer: 16 * 1024 * 1024 },
    ).catch((error: { stderr?: string; message: string }) => {
      throw new Error(
        `the report was not written: ${(error.stderr ?? error.message).slice(-2000)}`,
      );
    });
    expect(stdout).toContain('written report.xlsx with 250000 ID map rows');
  }, 120_000);
});
