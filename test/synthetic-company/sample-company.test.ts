import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatCents } from '../../src/money/index.js';
import { stageKeys } from '../../src/migration/staging/stage-keys.js';
import type { Projection } from '../../src/migration/contracts/stage-manifest.js';
import { stageLedger } from '../../src/migration/staging/stage-ledger.js';
import { readValidatedExports } from '../../src/migration/staging/validated-exports.js';
import { FileRunStore } from '../../src/run-store/file-run-store.js';
import {
  generateCompany,
  type CompanySize,
} from '../../src/synthetic-company/company-generator.js';
import { writeGenericCsv } from '../../src/synthetic-company/write-generic-csv.js';
import type { Problem } from '../../src/ledger/index.js';

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));
async function tempDir() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-sample-'));
  dirs.push(dir);
  return dir;
}

const size: CompanySize = {
  customers: 12,
  vendors: 6,
  products: 8,
  invoices: 60,
  bills: 30,
  bankTransactions: 25,
  paidShare: 0.6,
};

describe('the sample company', () => {
  it('is the same on every run (seeded)', () => {
    expect(generateCompany(size, 7).records).toEqual(generateCompany(size, 7).records);
  });

  it('reads back from generic CSV without a single error, and stages to the books the legacy system kept', async () => {
    const company = generateCompany(size, 3);
    const folder = await tempDir();
    await writeGenericCsv(company.records, folder);
    const problems: Problem[] = [];
    const counted = new Map<string, number>();
    async function* watched() {
      for await (const item of readValidatedExports({
        runName: 'sample',
        stageId: 's',
        source: { folder, format: 'generic' },
        cutoverDate: company.cutoverDate,
        endDate: company.endDate,
        currency: 'USD',
        batchSize: 25,
      })) {
        if (item.kind === 'problem') problems.push(item.problem);
        else {
          problems.push(...item.problems);
          counted.set(item.record.entity, (counted.get(item.record.entity) ?? 0) + 1);
        }
        yield item;
      }
    }
    const store = new FileRunStore(await tempDir());
    const manifest = await stageLedger(watched(), store, {
      stageId: 's',
      cutoverDate: company.cutoverDate,
      endDate: company.endDate,
      baseCurrency: 'USD',
      batchSize: 25,
    });

    expect(problems.filter((p) => p.severity !== 'info')).toEqual([]);
    const expectedCounts = new Map<string, number>();
    for (const record of company.records)
      expectedCounts.set(record.entity, (expectedCounts.get(record.entity) ?? 0) + 1);
    expect(counted).toEqual(expectedCounts);
    expect(manifest.blocking).toBe(false);

    // The generator kept its own double-entry books; control accounts fold onto their roles.
    const roles: Record<string, string> = {
      '1100': '@receivable',
      '2000': '@payable',
      '2200': '@tax',
      '3100': '@retained-earnings',
    };
    const legacy: Record<string, string> = {};
    for (const [key, value] of company.trialBalance)
      if (value !== 0n) legacy[roles[key] ?? key] = formatCents(value);
    const projection = await store.getDocument<Projection>(stageKeys('s').projection);
    expect(projection?.books).toEqual(legacy);
  });
});
