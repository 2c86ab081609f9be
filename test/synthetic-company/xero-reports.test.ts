import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/ledger/iso-dates.js';
import { predictVerdict } from '../../src/migration/verification/predict-verdict.js';
import { verdictOf } from '../../src/cli/commands/validate-verdict.js';
import { companySizes, generateCompany } from '../../src/synthetic-company/company-generator.js';
import { writeXeroReports } from '../../src/synthetic-company/write-xero-reports.js';
import { countsOf, scratchFolders, smallCompany, watchedExports } from './read-and-stage.js';

const tempDir = scratchFolders('ledgerlift-xero-reports-');

const size = smallCompany;

/** Reads the folder as `ledgerlift validate` does: every problem, the records, the verdict. */
async function validate(folder: string, company: ReturnType<typeof generateCompany>) {
  const { items, problems, counts: records } = watchedExports(folder, 'xero', company, 25);
  const predicted = await predictVerdict(items, {
    cutoverDate: company.cutoverDate,
    endDate: company.endDate,
    baseCurrency: company.currency,
    batchSize: 25,
  });
  const read = { nothingRead: records.size === 0, openingDate: addDays(company.cutoverDate, -1) };
  return { problems, records, verdict: verdictOf(predicted.report, read) };
}

describe("the sample company as Xero's screens export it", () => {
  it('writes the lists, the document exports and the reports, the same bytes on every run', async () => {
    const company = generateCompany(size, 3);
    const [first, second] = [await tempDir(), await tempDir()];
    const files = await writeXeroReports(company, first);
    await writeXeroReports(company, second);

    expect(files.map((file) => path.basename(file))).toEqual([
      'Account Transactions 2026-01-01-2026-03-31.csv',
      'Aged Payables Detail 2025-12-31.csv',
      'Aged Receivables Detail 2025-12-31.csv',
      'Bills.csv',
      'Chart of Accounts.csv',
      'Contacts.csv',
      'Inventory Items.csv',
      'Sales Invoices.csv',
      'Trial Balance 2025-12-31.csv',
      'Trial Balance 2026-03-31.csv',
    ]);
    for (const name of await readdir(first))
      expect(await readFile(path.join(second, name))).toEqual(
        await readFile(path.join(first, name)),
      );
  });

  it('validates with no error and predicts that the run will verify', async () => {
    // The bench's small company: among its credits, one customer credit note and one supplier
    // credit are allocated to documents open at the cutover. Xero posts no journal for an
    // allocation, so only the aged reports say what those documents had due at the cutover.
    const company = generateCompany(companySizes.small, 7);
    const allocatedToOpening = company.records.filter(
      (record) =>
        record.entity === 'credit-application' &&
        company.openAtCutover.has(record.value.documentKey),
    );
    expect(allocatedToOpening.map((record) => record.value)).toEqual([
      expect.objectContaining({ kind: 'customer-credit' }),
      expect.objectContaining({ kind: 'vendor-credit' }),
    ]);
    const folder = await tempDir();
    await writeXeroReports(company, folder);

    const { problems, records, verdict } = await validate(folder, company);

    expect(problems.filter((problem) => problem.severity !== 'info')).toEqual([]);
    expect(verdict.findings).toEqual([]);
    expect(verdict.verdict).toBe('will verify');
    expect(verdict.clearingBalance).toBe('0.00');
    // Every payment and bank line is read from the Account Transactions report, where Xero shows a
    // payment of two documents as a payment of each, named by its number (nothing inferred).
    const allocations = (entity: 'customer-payment' | 'vendor-payment') =>
      company.records.reduce(
        (sum, record) => (record.entity === entity ? sum + record.value.allocations.length : sum),
        0,
      );
    expect(records.get('customer-payment')).toBe(allocations('customer-payment'));
    expect(records.get('vendor-payment')).toBe(allocations('vendor-payment'));
    expect(records.get('bank-transaction')).toBe(countsOf(company).get('bank-transaction'));
    expect(problems.filter((problem) => problem.code.startsWith('activity.'))).toEqual([]);
  });
});
