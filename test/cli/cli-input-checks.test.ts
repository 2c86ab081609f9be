import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCompany } from '../../src/synthetic-company/company-generator.js';
import { writeGenericCsv } from '../../src/synthetic-company/write-generic-csv.js';
import { runCli } from '../support/cli.js';

// Each case runs the CLI in its own process (several seconds each on a busy machine).
describe(
  'ledgerlift checks dates and numbers before reading or starting anything',
  { timeout: 120_000 },
  () => {
    let dir: string;
    let folder: string;
    beforeAll(async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-cli-input-'));
      folder = path.join(dir, 'exports');
      await writeGenericCsv(
        generateCompany(
          {
            customers: 2,
            vendors: 1,
            products: 1,
            invoices: 2,
            bills: 1,
            bankTransactions: 1,
            paidShare: 0.5,
          },
          3,
        ).records,
        folder,
      );
    });
    afterAll(async () => rm(dir, { recursive: true, force: true }));

    it('validate refuses a cutover that is not a date, or not a real day', async () => {
      for (const cutover of ['banana', '2026-02-30']) {
        const { code, stderr } = await runCli([
          'validate',
          '--source',
          folder,
          '--format',
          'generic',
          '--cutover',
          cutover,
        ]);
        expect(code, cutover).toBe(2);
        expect(stderr).toContain(
          `--cutover must be a date like 2026-01-01 that exists on the calendar (got "${cutover}")`,
        );
      }
    });

    it('validate refuses an end before the cutover', async () => {
      const { code, stderr } = await runCli([
        'validate',
        '--source',
        folder,
        '--format',
        'generic',
        '--cutover',
        '2026-01-31',
        '--end',
        '2026-01-30',
      ]);
      expect(code).toBe(2);
      expect(stderr).toContain('--end must not be before --cutover 2026-01-31');
    });

    it('dry-run refuses a bad input without reaching Temporal', async () => {
      const base = ['dry-run', '--name', 'acme', '--source', folder, '--format', 'generic'];
      // Nothing listens on port 1 of loopback: reaching Temporal would fail differently.
      const env = { TEMPORAL_ADDRESS: '127.0.0.1:1' };
      const badDay = await runCli([...base, '--cutover', '2026-02-30'], env);
      expect(badDay.code).toBe(2);
      expect(badDay.stderr).toContain('--cutover must be a date like 2026-01-01 that exists');
      const noCalls = await runCli([...base, '--cutover', '2026-01-31', '--concurrency', '0'], env);
      expect(noCalls.code).toBe(2);
      expect(noCalls.stderr).toContain('--concurrency');
      // A lower-case code is read as the currency it names (usd is USD); a word is not a code.
      const notACode = await runCli(
        [...base, '--cutover', '2026-01-31', '--currency', 'dollars'],
        env,
      );
      expect(notACode.code).toBe(2);
      expect(notACode.stderr).toContain('--currency must be three capital letters, like USD');
    });

    it('ui-input checks the folder as validate does, and prints no input for a missing one', async () => {
      const base = ['ui-input', '--name', 'acme', '--format', 'generic', '--cutover', '2026-01-31'];
      const env = { TEMPORAL_ADDRESS: '127.0.0.1:1' };
      const mistyped = `${folder}-typo`;
      const missing = await runCli([...base, '--source', mistyped], env);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain(`--source: The export folder ${mistyped} does not exist`);
      expect(missing.stdout).not.toContain('"source"');
      const aFile = await runCli([...base, '--source', path.join(folder, 'customers.csv')], env);
      expect(aFile.code).toBe(1);
      expect(aFile.stderr).toContain('is a file, not a folder of exports');
      const found = await runCli([...base, '--source', folder, '--json'], env);
      expect(found.code).toBe(0);
      expect(JSON.parse(found.stdout)).toMatchObject({ source: { folder } });
    });

    it('ui-input refuses a folder it reads nothing from, as validate does, naming why', async () => {
      // A folder of report workbooks the reader cannot use: a run of it would migrate nothing.
      const reports = path.join(dir, 'reports-only');
      await mkdir(reports, { recursive: true });
      await writeFile(path.join(reports, 'Profit and Loss.xlsx'), 'not a workbook');
      const args = ['--source', reports, '--format', 'generic', '--cutover', '2026-01-31'];
      const validated = await runCli(['validate', ...args]);
      expect(validated.code).toBe(1);
      expect(validated.stdout).toContain('Read nothing.');
      const refused = await runCli(['ui-input', '--name', 'acme', ...args], {
        TEMPORAL_ADDRESS: '127.0.0.1:1',
      });
      expect(refused.code).toBe(1);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toContain(
        `--source: read nothing from ${reports} as generic exports, so a run would migrate nothing (1 error, the first file.not-found: No file for accounts in the export folder`,
      );
      expect(refused.stderr).toContain(
        'Check --source and --format; ledgerlift validate with the same options lists every problem.',
      );
    });
  },
);
