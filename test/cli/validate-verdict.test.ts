import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/config/project-paths.js';
import { generateCompany } from '../../src/synthetic-company/company-generator.js';
import { writeGenericCsv } from '../../src/synthetic-company/write-generic-csv.js';
import { runCli } from '../support/cli.js';

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

/** A copy of the bundled demo company's exports, less `without`. */
async function demoExports(without: string[] = []): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-verdict-'));
  dirs.push(dir);
  await cp(path.join(projectRoot, 'samples', 'demo-company-xero'), dir, { recursive: true });
  for (const file of without) await rm(path.join(dir, file));
  return dir;
}

const demoArgs = (source: string) => [
  'validate',
  '--source',
  source,
  '--format',
  'xero',
  '--cutover',
  '2026-01-01',
  '--end',
  '2026-03-31',
];

describe('validate predicts the verdict', () => {
  it('says the demo company will verify, with exit 0', async () => {
    const { stdout, code } = await runCli(demoArgs(await demoExports()));
    expect(stdout).toContain(
      'Predicted verdict: will verify (the books the run will produce equal the legacy trial balance as at 2026-03-31 (Trial Balance.csv)).',
    );
    expect(code).toBe(0);
  });

  it('without a trial balance at the end date, names the opening one rolled forward, never the ledger itself', async () => {
    const { stdout, code } = await runCli(demoArgs(await demoExports(['Trial Balance.csv'])));
    expect(stdout).toContain(
      'Predicted verdict: will verify (the books the run will produce equal the legacy trial balance as at 2025-12-31 (Opening Trial Balance.csv), rolled forward to 2026-03-31 by 500 documents, 324 payments, 250 bank lines and 0 journal entries).',
    );
    expect(stdout).not.toContain('the exports hold no trial balance');
    expect(code).toBe(0);
  });

  it('lists each difference with its probable cause when the opening trial balance is missing, and writes the report', async () => {
    const source = await demoExports(['Opening Trial Balance.csv']);
    const report = path.join(source, 'out', 'validate.json');
    const { stdout, code } = await runCli([...demoArgs(source), '--report', report]);
    // No error in the exports: only the verdict tells the consultant the run would need review.
    expect(stdout).toContain('0 errors, 0 warnings');
    expect(stdout).toMatch(
      /Predicted verdict: will need review: 9 differences against the legacy trial balance as at 2026-03-31 \(Trial Balance\.csv\), clearing account at 5518\.38\./,
    );
    expect(stdout).toContain(
      'account    1000 Business Checking: expected -135149.21, will be -185149.21 (-50000.00)',
    );
    expect(stdout).toContain(
      'probable cause: No opening balance was migrated: export the Trial Balance as at 2025-12-31, the day before the cutover',
    );
    expect(code).toBe(1);

    const written = JSON.parse(await readFile(report, 'utf8')) as {
      verdict: { verdict: string; differences: number; findings: Array<{ cause?: string }> };
    };
    expect(written.verdict).toMatchObject({ verdict: 'will need review', differences: 9 });
    expect(written.verdict.findings.every((finding) => finding.cause)).toBe(true);
  });

  it('without any trial balance gives no verdict on the legacy books, and names the export that would', async () => {
    // Every document dated after the cutover, so the books are consistent with themselves.
    const company = generateCompany(
      {
        customers: 4,
        vendors: 2,
        products: 3,
        invoices: 8,
        bills: 4,
        bankTransactions: 4,
        paidShare: 0.5,
      },
      9,
    );
    const source = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-no-tb-'));
    dirs.push(source);
    await writeGenericCsv(company.records, source);
    await rm(path.join(source, 'trial_balance.csv'));
    await rm(path.join(source, 'opening_balances.csv'));
    const args = ['validate', '--source', source, '--format', 'generic', '--cutover', '2020-01-01'];
    const { stdout, code } = await runCli([...args, '--end', company.endDate]);
    // Books compared with themselves always agree: that is no prediction about the legacy books.
    expect(stdout).not.toContain('will verify');
    expect(stdout).toContain(
      `Predicted verdict: none on the legacy books: the exports hold no trial balance, so the run can only be checked against what was read (the migrated ledger at ${company.endDate}); the legacy Trial Balance as at ${company.endDate}, or as at 2019-12-31, in the exports would allow the real check.`,
    );
    expect(code).toBe(0);
    const json = await runCli([...args, '--end', company.endDate, '--json']);
    expect(json.stdout).toContain('"verdict":{"verdict":"no legacy trial balance"');
  });

  it('says nothing will be migrated when nothing could be read, never that it will verify', async () => {
    // A folder of report workbooks the reader cannot use: errors, and not one record read.
    const source = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-nothing-'));
    dirs.push(source);
    await mkdir(path.join(source, 'reports'));
    await writeFile(path.join(source, 'Profit and Loss.xlsx'), 'not a workbook');
    const args = ['validate', '--source', source, '--format', 'xero', '--cutover', '2026-01-01'];
    const { stdout, code } = await runCli(args);
    expect(stdout).toContain('Read nothing.');
    expect(stdout).not.toContain('will verify');
    expect(stdout).toContain(
      'Predicted verdict: none: nothing was read from the exports, so nothing will be migrated and there are no books to check.',
    );
    expect(code).toBe(1);
    const json = await runCli([...args, '--json']);
    expect(json.stdout).toContain('"verdict":{"verdict":"nothing will be migrated"');
  });
});
