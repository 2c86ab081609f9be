import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateCompany } from '../../src/synthetic-company/company-generator.js';
import { writeXeroExport } from '../../src/synthetic-company/write-xero.js';
import {
  countsOf,
  legacyBooks,
  readAndStage,
  scratchFolders,
  smallCompany,
} from './read-and-stage.js';

const tempDir = scratchFolders('ledgerlift-xero-');

const size = smallCompany;

describe('the sample company as a Xero export', () => {
  it('writes the files Xero exports, the same bytes on every run', async () => {
    const company = generateCompany(size, 3);
    const [first, second] = [await tempDir(), await tempDir()];
    const files = await writeXeroExport(company, first);
    await writeXeroExport(company, second);

    expect(files.map((file) => path.basename(file))).toEqual([
      'Bank Statement.csv',
      'Bills.csv',
      'Chart of Accounts.csv',
      'Contacts.csv',
      'Credit Note Allocations.csv',
      'Inventory Items.csv',
      'Opening Trial Balance.csv',
      'Payments.csv',
      'Sales Invoices.csv',
      'Trial Balance.csv',
    ]);
    for (const name of await readdir(first))
      expect(await readFile(path.join(second, name))).toEqual(
        await readFile(path.join(first, name)),
      );
  });

  it('reads back without an error or warning, and stages to the books the legacy system kept', async () => {
    const company = generateCompany(size, 3);
    const folder = await tempDir();
    await writeXeroExport(company, folder);

    const read = await readAndStage(folder, 'xero', company);

    expect(read.problems.filter((p) => p.severity !== 'info')).toEqual([]);
    expect(read.counts).toEqual(countsOf(company));
    expect(read.blocking).toBe(false);
    expect(read.books).toEqual(legacyBooks(company));
  });
});
