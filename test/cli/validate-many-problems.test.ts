import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledProgram, runCommand } from '../support/processes.js';

const ROWS = 500_000;

describe('ledgerlift validate on half a million bad rows', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-bad-rows-'));
    await writeFile(path.join(folder, 'accounts.csv'), 'Code,Name,Kind\n1000,Checking,bank\n');
    // Every row one cell wider than the header, with a value in it: one csv.column-count a row.
    await writeFile(path.join(folder, 'customers.csv'), `Key,Name\n${'C,Name,x\n'.repeat(ROWS)}`);
  });
  afterAll(async () => rm(folder, { recursive: true, force: true }));

  // 600,000 such rows exhausted a 256 MiB heap: the table reader held every row's problem until it
  // accepted a row, and none was accepted.
  it('answers within a 128 MiB heap: the first of the code, its count, and the report', async () => {
    const report = path.join(folder, 'validate.json');
    const { code, stdout, stderr } = await runCommand(process.execPath, [
      '--max-old-space-size=128',
      compiledProgram('src/cli/main.ts'),
      'validate',
      '--source',
      folder,
      '--format',
      'generic',
      '--cutover',
      '2026-01-01',
      '--limit',
      '3',
      '--report',
      report,
    ]);
    expect(code, stderr.slice(-2000)).toBe(1);
    const listed = stdout
      .split('\n')
      .filter((line) => /^ERROR +csv\.column-count +customers/.test(line));
    expect(listed).toHaveLength(3);
    expect(stdout).toMatch(
      /^ERROR +csv\.column-count +500,000 in all, the first 3 shown \(raise --limit, or use --json for all\)\.$/m,
    );
    expect(stdout).toContain('500000 errors');
    const written = JSON.parse(await readFile(report, 'utf8')) as { problems: { error: number } };
    expect(written.problems.error).toBe(ROWS);
  }, 900_000);
});
