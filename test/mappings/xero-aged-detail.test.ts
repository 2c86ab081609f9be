import { existsSync } from 'node:fs';
import { chmod, cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readLedger } from '../../mappings/read-ledger.js';
import type { LedgerRecord, Problem } from '../../src/ledger/index.js';
import { centsOf, formatCents, sumCents } from '../../src/money/index.js';

/**
 * The real multi-currency Xero books of ../shared/real-books/xero-maple/tb-2020-09-30 (no rate
 * column), with Aged Receivables Detail and Aged Payables Detail reports as at 30 September 2020 in
 * Xero's layout, saved under names that do not say what they are
 * (test/fixtures/xero-aged-detail/MANIFEST.md: how their figures were derived from the books).
 */
const repo = path.resolve(import.meta.dirname, '../..');
const books = [path.join(repo, '../shared'), path.join(repo, '../../shared')]
  .map((shared) => path.join(shared, 'real-books/xero-maple/tb-2020-09-30/multi-currency'))
  .find((folder) => existsSync(folder));
const reports = path.join(repo, 'test/fixtures/xero-aged-detail/tb-2020-09-30');
const receivablesReport = 'Maple Ridge Design Co. report (1).csv';

const roots: string[] = [];
afterAll(async () => Promise.all(roots.map((root) => rm(root, { recursive: true, force: true }))));

/** The books and the reports in a scratch folder; `edit` rewrites the receivables report first. */
async function folderWith(edit: (text: string) => string = (text) => text): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-aged-'));
  roots.push(folder);
  await cp(books ?? '', folder, { recursive: true });
  await chmod(folder, 0o755);
  for (const file of await readdir(reports)) {
    const text = await readFile(path.join(reports, file), 'utf8');
    await writeFile(path.join(folder, file), file === receivablesReport ? edit(text) : text);
  }
  return folder;
}

async function read(folder: string) {
  const records: LedgerRecord[] = [];
  const problems: Problem[] = [];
  for await (const item of readLedger({
    folder,
    format: 'xero',
    defaultCurrency: 'CAD',
    cutoverDate: '2020-10-01',
  })) {
    if (item.kind === 'problem') problems.push(item.problem);
    else {
      records.push(item.record);
      problems.push(...item.problems);
    }
  }
  const documents = new Map(
    records
      .filter((record) => record.entity === 'invoice' || record.entity === 'bill')
      .map((record) => [record.value.number, record.value]),
  );
  return { documents, problems };
}

describe.skipIf(books === undefined)("Xero's Aged Receivables and Payables Detail", () => {
  it('values each foreign document from the report, found by its title and matched by number', async () => {
    const { documents, problems } = await read(await folderWith());
    expect(problems.filter((problem) => problem.severity !== 'info')).toEqual([]);
    expect(documents.get('INV-0035')?.baseAmountDue).toBe('3820.24'); // 2,250.00 GBP
    expect(documents.get('INV-0045')?.baseAmountDue).toBe('15399.90'); // 11,250.00 USD
    expect(documents.get('3798905880')?.baseAmountDue).toBe('7.12'); // a 4.14 GBP bill
    // A document in the base currency needs no value from the report.
    expect(documents.get('3798385002')?.baseAmountDue).toBeUndefined();
    // The seventeen invoices add up to the trial balance's Accounts Receivable (610).
    const invoices = [...documents.values()].filter((document) => document.type === 'invoice');
    expect(invoices).toHaveLength(17);
    expect(
      formatCents(sumCents(invoices.map((document) => centsOf(document.baseAmountDue ?? '0')))),
    ).toBe('80673.13');
  });

  it('points at the row, column and file of an amount it cannot read, and leaves that document unvalued', async () => {
    const folder = await folderWith((text) =>
      text.replace(',3820.24,0.00,3820.24', ',3820.24,0.00,38x0.24'),
    );
    const { documents, problems } = await read(folder);
    const bad = problems.find((problem) => problem.location?.file === receivablesReport);
    expect(bad).toMatchObject({
      severity: 'error',
      location: { file: receivablesReport, row: 8, column: 'Total' },
    });
    expect(bad?.message).toContain('38x0.24');
    expect(documents.get('INV-0035')?.baseAmountDue).toBeUndefined();
    expect(documents.get('INV-0040')?.baseAmountDue).toBe('3784.04');
  });

  it('uses no report that is not as at the day before the cutover, and says why', async () => {
    const folder = await folderWith((text) =>
      text.replace('As at 30 September 2020', 'As at 31 October 2020'),
    );
    const { documents, problems } = await read(folder);
    expect(problems.find((problem) => problem.code === 'aged.report-date')).toMatchObject({
      severity: 'warning',
      location: { file: receivablesReport },
    });
    expect(documents.get('INV-0035')?.baseAmountDue).toBeUndefined();
    expect(documents.get('3798905880')?.baseAmountDue).toBe('7.12');
  });
});
