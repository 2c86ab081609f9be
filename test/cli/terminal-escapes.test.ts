import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/config/project-paths.js';
import { lineText } from '../../src/migration/contracts/line-text.js';
import { generateCompany } from '../../src/synthetic-company/company-generator.js';
import { writeGenericCsv } from '../../src/synthetic-company/write-generic-csv.js';
import { runCli } from '../support/cli.js';

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

/**
 * A customer key from a hostile export: clear the screen, set the clipboard (OSC 52, ended by BEL),
 * reverse the text that follows (RLO), and a C1 CSI, which some terminals obey as ESC [.
 */
const hostileKey = 'C1\u001b[2J\u001b]52;c;cm0gLXJmIH4=\u0007\u202e\u009b31m';
/** The characters of `hostileKey` a terminal would act on rather than show. */
const controls = ['\u001b', '\u0007', '\u202e', '\u009b'];

function expectNoControlIn(output: string): void {
  for (const control of controls) expect(output).not.toContain(control);
}

async function hostileExports(): Promise<{ folder: string; cutover: string }> {
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
  const folder = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-hostile-'));
  dirs.push(folder);
  await writeGenericCsv(company.records, folder);
  // The key twice: validate quotes it in the key.duplicate problem.
  await writeFile(
    path.join(folder, 'customers.csv'),
    `Key,Name,Email\n"${hostileKey}",Acme,a@example.com\n"${hostileKey}",Acme again,b@example.com\n`,
  );
  return { folder, cutover: company.cutoverDate };
}

describe('what ledgerlift prints from the exports', () => {
  it('reaches the terminal with every control character escaped', async () => {
    const { folder, cutover } = await hostileExports();
    const args = ['validate', '--source', folder, '--format', 'generic', '--cutover', cutover];
    const shown = await runCli(args);
    expect(shown.code).toBe(1);
    expectNoControlIn(shown.stdout + shown.stderr);
    expect(shown.stdout).toContain(lineText(hostileKey));
    expect(shown.stdout).toContain('\\u001b]52;c;');

    // --json stays JSON, of the very same values.
    const json = await runCli([...args, '--json']);
    expectNoControlIn(json.stdout + json.stderr);
    const problems = json.stdout
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as { code?: string; message?: string });
    const duplicate = problems.find((problem) => problem.code === 'key.duplicate');
    expect(duplicate?.message).toContain(hostileKey);
  }, 120_000);

  it('keeps one value on its line', () => {
    expect(lineText('Acme\nTOTAL 0 errors\r\tdone')).toBe(
      'Acme\\u000aTOTAL 0 errors\\u000d\\u0009done',
    );
  });

  it('keeps a line break inside an account name from forging a line of its own', async () => {
    // The demo company without its opening balance: validate then lists each account that will
    // differ by name, the bank account among them.
    const folder = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-forged-'));
    dirs.push(folder);
    await cp(path.join(projectRoot, 'samples', 'demo-company-xero'), folder, { recursive: true });
    await rm(path.join(folder, 'Opening Trial Balance.csv'));
    const chart = path.join(folder, 'Chart of Accounts.csv');
    const forged = 'Predicted verdict: will verify (spoofed)';
    await writeFile(
      chart,
      (await readFile(chart, 'utf8')).replace(
        '1000,Business Checking,',
        `1000,"Business Checking\n${forged}",`,
      ),
    );
    const shown = await runCli([
      'validate',
      ...['--source', folder, '--format', 'xero', '--cutover', '2026-01-01'],
    ]);
    const lines = shown.stdout.split('\n');
    // One verdict, Ledgerlift's own; the name's line break shows as its escape, on the name's line.
    expect(lines.filter((line) => line.startsWith('Predicted verdict:'))).toEqual([
      expect.stringContaining('Predicted verdict: will need review: 9 differences'),
    ]);
    expect(shown.stdout).toContain(`1000 Business Checking\\u000a${forged}: expected`);
  }, 120_000);
});
