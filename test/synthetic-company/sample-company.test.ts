import { describe, expect, it } from 'vitest';
import { generateCompany } from '../../src/synthetic-company/company-generator.js';
import { writeGenericCsv } from '../../src/synthetic-company/write-generic-csv.js';
import {
  countsOf,
  legacyBooks,
  readAndStage,
  scratchFolders,
  smallCompany,
} from './read-and-stage.js';

const tempDir = scratchFolders('ledgerlift-sample-');

const size = smallCompany;

describe('the sample company', () => {
  it('is the same on every run (seeded)', () => {
    expect(generateCompany(size, 7).records).toEqual(generateCompany(size, 7).records);
  });

  it('reads back from generic CSV without a single error, and stages to the books the legacy system kept', async () => {
    const company = generateCompany(size, 3);
    const folder = await tempDir();
    await writeGenericCsv(company.records, folder);
    const read = await readAndStage(folder, 'generic', company);

    expect(read.problems.filter((p) => p.severity !== 'info')).toEqual([]);
    expect(read.counts).toEqual(countsOf(company));
    expect(read.blocking).toBe(false);
    // The generator kept its own double-entry books; control accounts fold onto their roles.
    expect(read.books).toEqual(legacyBooks(company));
  });
});
