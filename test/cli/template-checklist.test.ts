import { describe, expect, it } from 'vitest';
import { exitCodes } from '../../src/cli/exit-codes.js';
import { runCli } from '../support/cli.js';

/** One numbered entry of the printed checklist: its title line and its labelled lines. */
interface Entry {
  title: string;
  menu: string | undefined;
  file: string | undefined;
}

/** The entries of `ledgerlift template --format …`, by title ("Trial Balance, as at 2024-02-29"). */
function entriesOf(stdout: string): Map<string, Entry> {
  const entries = new Map<string, Entry>();
  for (const block of stdout.split('\n\n')) {
    const [first, ...rest] = block.split('\n');
    // "N. <title> (<whether required>)": the title may hold parentheses, the last group not.
    const title = /^\s*\d+\. (.+) \([^()]*\)$/.exec(first ?? '')?.[1];
    if (title === undefined) continue;
    const field = (label: string) =>
      rest.find((line) => line.trim().startsWith(`${label}:`))?.replace(/^\s*\w+:\s+/, '');
    entries.set(title, { title, menu: field('Menu'), file: field('File') });
  }
  return entries;
}

describe('ledgerlift template --format: what to export, with menu paths and dates', () => {
  it('lists each Xero export with its menu path and the dates computed from the cutover and the end', async () => {
    // A leap year: the day before a cutover on 1 March is 29 February.
    const { code, stdout } = await runCli([
      'template',
      ...['--format', 'xero', '--cutover', '2024-03-01', '--end', '2024-06-30'],
    ]);
    expect(code).toBe(exitCodes.ok);
    expect(stdout).toContain(
      'What to export from Xero for a cutover on 2024-03-01, verified at 2024-06-30:',
    );
    const entries = entriesOf(stdout);
    expect([...entries.keys()]).toEqual([
      'Chart of Accounts, as it stands when exported',
      'Contacts, as it stands when exported',
      'Trial Balance, as at 2024-02-29',
      'Aged Receivables Detail, as at 2024-02-29',
      'Aged Payables Detail, as at 2024-02-29',
      'Sales Invoices, open at 2024-02-29 or dated 2024-03-01 to 2024-06-30',
      'Bills, open at 2024-02-29 or dated 2024-03-01 to 2024-06-30',
      'Account Transactions, for 2024-03-01 to 2024-06-30',
      'Trial Balance, as at 2024-06-30',
      'Inventory Items, as it stands when exported',
    ]);
    expect(entries.get('Trial Balance, as at 2024-02-29')?.menu).toBe(
      'Accounting → Reports → Trial Balance',
    );
    expect(entries.get('Aged Receivables Detail, as at 2024-02-29')?.menu).toBe(
      'Accounting → Reports → Aged Receivables Detail',
    );
    expect(entries.get('Account Transactions, for 2024-03-01 to 2024-06-30')).toMatchObject({
      menu: 'Accounting → Reports → Account Transactions',
      file: 'any name: found by its title',
    });
    expect(entries.get('Trial Balance, as at 2024-06-30')?.menu).toBe(
      'Accounting → Reports → Trial Balance',
    );
    expect(entries.get('Contacts, as it stands when exported')).toMatchObject({
      menu: 'Contacts → All contacts → Export',
      file: 'Contacts.csv',
    });
    // A path no vendor page documents says so.
    expect(entries.get('Chart of Accounts, as it stands when exported')?.menu).toMatch(
      /^Accounting → Chart of accounts → Export \(menu path as documented by /,
    );
    expect(stdout).toContain(
      'then: ledgerlift validate --source <folder> --format xero --cutover 2024-03-01 --end 2024-06-30',
    );
  });

  it("lists QuickBooks Online's reports under Reports, and its Export data tool", async () => {
    const { code, stdout } = await runCli([
      'template',
      ...['--format', 'quickbooks-online', '--cutover', '2026-08-01', '--end', '2026-12-31'],
    ]);
    expect(code).toBe(exitCodes.ok);
    const entries = entriesOf(stdout);
    expect(entries.get('Journal, for 2026-08-01 to 2026-12-31')?.menu).toBe('Reports → Journal');
    expect(entries.get('A/R Aging Detail (or Open Invoices), as at 2026-07-31')?.menu).toBe(
      'Reports → A/R Aging Detail',
    );
    expect(entries.get('Trial Balance, as at 2026-12-31')?.menu).toBe('Reports → Trial Balance');
    expect(entries.get('Account List, as it stands when exported')?.file).toBe('Account List.xlsx');
    expect(stdout).toContain('Settings ⚙ → Export data');
  });

  it("lists QuickBooks Desktop's IIF lists and its reports under Reports", async () => {
    const { code, stdout } = await runCli([
      'template',
      ...['--format', 'quickbooks-desktop-iif', '--cutover', '2026-01-01', '--end', '2026-03-31'],
    ]);
    expect(code).toBe(exitCodes.ok);
    const entries = entriesOf(stdout);
    expect(entries.get('Lists to IIF, as it stands when exported')?.menu).toBe(
      'File → Utilities → Export → Lists to IIF Files',
    );
    expect(entries.get('Trial Balance, as at 2025-12-31')?.menu).toBe(
      'Reports → Accountant & Taxes → Trial Balance',
    );
    expect(entries.get('Open Invoices, as at 2025-12-31')?.menu).toBe(
      'Reports → Customers & Receivables → Open Invoices',
    );
    expect(entries.get('Unpaid Bills Detail, as at 2025-12-31')?.menu).toBe(
      'Reports → Vendors & Payables → Unpaid Bills Detail',
    );
    expect(entries.get('Journal, for 2026-01-01 to 2026-03-31')?.menu).toBe(
      'Reports → Accountant & Taxes → Journal',
    );
    expect(entries.get('Trial Balance, as at 2026-03-31')?.menu).toBe(
      'Reports → Accountant & Taxes → Trial Balance',
    );
  });

  it('refuses a folder with a format that writes none, a missing format, and an impossible date', async () => {
    const withFolder = await runCli(['template', 'out', '--format', 'xero']);
    expect(withFolder.code).toBe(exitCodes.usage);
    expect(withFolder.stderr).toContain('--format xero prints what to export and writes no files');
    const bare = await runCli(['template']);
    expect(bare.code).toBe(exitCodes.usage);
    const badDate = await runCli(['template', '--format', 'xero', '--cutover', '2026-02-30']);
    expect(badDate.code).toBe(exitCodes.usage);
    expect(badDate.stderr).toContain('--cutover');
  });
});
