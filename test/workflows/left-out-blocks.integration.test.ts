import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/reports/run-report.js';
import {
  startMigrationStack,
  uniqueRunName,
  type MigrationStack,
} from '../support/migration-stack.js';

/** Books whose only activity after the cutover is an EFT, a type Ledgerlift does not migrate. */
const books = [
  '!ACCNT\tNAME\tACCNTTYPE\tACCNUM',
  'ACCNT\tChecking\tBANK\t1000',
  'ACCNT\tRent\tEXP\t6100',
  '!TRNS\tTRNSID\tTRNSTYPE\tDATE\tACCNT\tNAME\tAMOUNT\tDOCNUM\tMEMO',
  '!SPL\tSPLID\tTRNSTYPE\tDATE\tACCNT\tNAME\tAMOUNT\tDOCNUM\tMEMO',
  '!ENDTRNS',
  'TRNS\t\tEFT\t01/15/2026\tChecking\tLandlord\t-500.00\tE-2\t',
  'SPL\t\tEFT\t01/15/2026\tRent\tLandlord\t500.00\t\t',
  'ENDTRNS',
].join('\r\n');

/**
 * `--skip-invalid-rows` leaves bad rows out; it must not leave out real activity the mapping does
 * not migrate, which only `--skip-kind` does (docs/cli.md).
 */
describe('a left-out transaction in a live run told to skip invalid rows', () => {
  let stack: MigrationStack;
  let folder: string;

  beforeAll(async () => {
    stack = await startMigrationStack();
    folder = path.join(stack.dir, 'left-out');
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'books.iif'), books);
  });
  afterAll(async () => stack?.close());

  it('still blocks the run, writes nothing, and names --skip-kind', async () => {
    const live = await (
      await stack.start({
        runName: uniqueRunName('left-out-live'),
        source: { folder, format: 'quickbooks-desktop-iif' },
        cutoverDate: '2026-01-01',
        batchSize: 10,
        mode: 'live',
        skipInvalidRows: true,
      })
    ).result();

    expect(live.status).toBe('blocked');
    expect(live.progress.blockedReason).toContain('--skip-kind');
    const folderOfReport = live.progress.reportFolder ?? '';
    const report = JSON.parse(
      await readFile(path.join(folderOfReport, 'report.json'), 'utf8'),
    ) as RunReport;
    expect(report.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          code: 'transaction.left-out',
          message: expect.stringContaining('--skip-kind eft') as string,
        }),
      ]),
    );
    const writes = stack.sandbox.admin
      .requestLog()
      .filter((entry) => entry.path.startsWith('/partners/') && !entry.path.endsWith('-token'))
      .filter((entry) => entry.method !== 'GET');
    expect(writes).toEqual([]);
  });
});
