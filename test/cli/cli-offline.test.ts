import { access, copyFile, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/config/project-paths.js';
import { generateCompany } from '../../src/synthetic-company/company-generator.js';
import { writeGenericCsv } from '../../src/synthetic-company/write-generic-csv.js';
import { runCli } from '../support/cli.js';

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));
async function tempDir() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-cli-'));
  dirs.push(dir);
  return dir;
}

describe('ledgerlift without Temporal', () => {
  it('teaches with --help: every command and the exit codes', async () => {
    const { code, stdout } = await runCli(['--help']);
    expect(code).toBe(0);
    for (const command of [
      'dev',
      'connect',
      'template',
      'validate',
      'dry-run',
      'run',
      'status',
      'retry',
      'pause',
      'resume',
      'report',
      'worker',
    ]) {
      expect(stdout).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
    }
    expect(stdout).toContain('Exit codes:');
  });

  it('answers 2 to a wrong command line, saying what is wrong', async () => {
    const badFormat = await runCli([
      'validate',
      '--source',
      '.',
      '--format',
      'sage',
      '--cutover',
      '2026-01-01',
    ]);
    expect(badFormat.code).toBe(2);
    expect(badFormat.stderr).toContain("argument 'sage' is invalid");
    const badName = await runCli([
      'dry-run',
      '--name',
      'no spaces',
      '--source',
      '.',
      '--format',
      'generic',
      '--cutover',
      '2026-01-01',
    ]);
    expect(badName.code).toBe(2);
    expect(badName.stderr).toContain('--name');
    const badDate = await runCli([
      'dry-run',
      '--name',
      'x',
      '--source',
      '.',
      '--format',
      'generic',
      '--cutover',
      '01/02/2026',
    ]);
    expect(badDate.code).toBe(2);
    expect(badDate.stderr).toContain('--cutover must be a date like 2026-01-01');
  });

  it('writes the generic templates', async () => {
    const dir = await tempDir();
    const { code, stdout } = await runCli(['template', dir]);
    expect(code).toBe(0);
    for (const file of [
      'ledgerlift-templates.xlsx',
      'accounts.csv',
      'invoices.csv',
      'customer_payments.csv',
    ]) {
      await access(path.join(dir, file));
      expect(stdout).toContain(file);
    }
  });

  it('validates clean exports with exit 0, and locates every error with exit 1', async () => {
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
    const clean = await tempDir();
    await writeGenericCsv(company.records, clean);
    const ok = await runCli([
      'validate',
      '--source',
      clean,
      '--format',
      'generic',
      '--cutover',
      company.cutoverDate,
      '--end',
      company.endDate,
    ]);
    expect(ok.stdout).toContain('0 errors');
    expect(ok.code).toBe(0);

    const broken = await tempDir();
    await writeGenericCsv(company.records, broken);
    await writeFile(
      path.join(broken, 'customers.csv'),
      'Key,Name,Email\nC1,Acme,a@example.com\nC1,Acme again,b@example.com\n',
    );
    const bad = await runCli([
      'validate',
      '--source',
      broken,
      '--format',
      'generic',
      '--cutover',
      company.cutoverDate,
    ]);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/ERROR\s+key\.duplicate\s+customers\.csv row 3/);
    expect(bad.stdout).toMatch(
      /ERROR\s+reference\.unknown-customer\s+invoices\.csv row \d+: .*customer "C0000\d"/,
    );
  });

  it('takes the Xero Trial Balance report as the opening balance whatever it is called, and names the cutover to use when it is off by a day', async () => {
    const exports = await tempDir();
    const sample = path.join(projectRoot, 'samples', 'demo-company-xero');
    for (const file of await readdir(sample)) {
      if (!file.endsWith('.csv')) continue;
      // Saved as Xero names its downloads, not as Ledgerlift's docs suggest.
      const name =
        file === 'Opening Trial Balance.csv'
          ? 'Ledgerlift_Sample_Company_-_Trial_Balance.csv'
          : file === 'Trial Balance.csv'
            ? 'Ledgerlift_Sample_Company_-_Trial_Balance (1).csv'
            : file;
      await copyFile(path.join(sample, file), path.join(exports, name));
    }
    const args = ['validate', '--source', exports, '--format', 'xero', '--end', '2026-03-31'];
    const ok = await runCli([...args, '--cutover', '2026-01-01']);
    expect(ok.stdout).toContain('10 opening-balance');
    expect(ok.stdout).toContain('0 errors, 0 warnings');
    expect(ok.code).toBe(0);

    const dayEarly = await runCli([...args, '--cutover', '2025-12-31']);
    expect(dayEarly.code).toBe(1);
    expect(dayEarly.stdout).toMatch(
      /ERROR\s+balance\.trial-on-cutover\s+Ledgerlift_Sample_Company_-_Trial_Balance\.csv row 3: .*this trial balance is as at 31 Dec 2025: use --cutover 2026-01-01/,
    );
  });

  it('says plainly when a run has no report yet', async () => {
    const { code, stderr } = await runCli(['report', 'never-ran'], {
      LEDGERLIFT_RUNS_DIR: await tempDir(),
    });
    expect(code).toBe(1);
    expect(stderr).toContain('No report for run "never-ran"');
  });
});
