import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { demoCompany, generateDemoCompany } from '../../src/synthetic-company/demo-company.js';
import { writeXeroExport } from '../../src/synthetic-company/write-xero.js';
import { countsOf, legacyBooks, readAndStage } from './read-and-stage.js';

const regenerate = 'npx tsx scripts/make-demo-company.ts';
const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

const csvFiles = async (folder: string) =>
  (await readdir(folder)).filter((name) => name.endsWith('.csv')).sort();

/** The committed sample (samples/demo-company-xero) is what `npm run demo` migrates. */
describe('the bundled demo company', () => {
  it('reads from disk without an error or warning, into the generated company and its books', async () => {
    const company = generateDemoCompany();
    expect(demoCompany).toMatchObject({
      cutoverDate: company.cutoverDate,
      endDate: company.endDate,
      currency: company.currency,
    });

    const read = await readAndStage(demoCompany.folder, demoCompany.format, company);

    expect(read.problems.filter((p) => p.severity !== 'info')).toEqual([]);
    expect(read.counts, `stale sample: run ${regenerate}`).toEqual(countsOf(company));
    expect(read.blocking).toBe(false);
    expect(read.books, `stale sample: run ${regenerate}`).toEqual(legacyBooks(company));
  });

  it('is exactly what the generator writes today', async () => {
    const fresh = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-demo-'));
    dirs.push(fresh);
    await writeXeroExport(generateDemoCompany(), fresh);

    const names = await csvFiles(fresh);
    expect(await csvFiles(demoCompany.folder), `stale sample: run ${regenerate}`).toEqual(names);
    for (const name of names) {
      const committed = await readFile(path.join(demoCompany.folder, name), 'utf8');
      const expected = await readFile(path.join(fresh, name), 'utf8');
      // Compared as text so a failure names the file rather than dumping bytes.
      expect(committed === expected, `${name} is stale: run ${regenerate}`).toBe(true);
    }
  });
});
