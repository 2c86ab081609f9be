import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCompany, type CompanySize } from '../../src/sample/company-generator.js';
import { writeGenericCsv } from '../../src/sample/write-generic-csv.js';
import type { StepProgress } from '../../src/migration/workflow-types.js';
import { expectedWorkspace } from '../support/expected-workspace.js';
import {
  startMigrationStack,
  uniqueRunName,
  type MigrationStack,
} from '../support/migration-stack.js';

const size: CompanySize = {
  customers: 10,
  vendors: 5,
  products: 6,
  invoices: 36,
  bills: 18,
  bankTransactions: 20,
  paidShare: 0.6,
};
const rowsOf = (steps: StepProgress[]) =>
  steps.map((s) => ({ step: s.step, rows: s.rows, calls: s.calls }));

describe('migrateLedger on a real dev server and sandbox', () => {
  let stack: MigrationStack;
  const company = generateCompany(size, 11);
  let folder: string;

  beforeAll(async () => {
    stack = await startMigrationStack();
    folder = path.join(stack.dir, 'exports');
    await writeGenericCsv(company.records, folder);
  });
  afterAll(async () => stack.close());

  it('predicts in a dry run exactly what the live run then does, and the books verify', async () => {
    const base = {
      runName: uniqueRunName('e2e'),
      source: { folder, format: 'generic' as const },
      cutoverDate: company.cutoverDate,
      endDate: company.endDate,
      batchSize: 10,
    };
    const dry = await (await stack.start({ ...base, mode: 'dry-run' })).result();
    expect(dry.status).toBe('dry-run-complete');
    expect(dry.progress.verification).toMatchObject({
      verified: true,
      differences: 0,
      clearingBalance: '0.00',
    });
    expect(stack.sandbox.admin.counts()).toMatchObject({
      customers: 0,
      invoices: 0,
      transactions: 0,
    });

    const live = await (await stack.start({ ...base, mode: 'live' })).result();
    expect(live.status).toBe('completed');
    expect(live.progress.verification).toMatchObject({
      verified: true,
      differences: 0,
      clearingBalance: '0.00',
    });
    expect(rowsOf(live.progress.steps)).toEqual(rowsOf(dry.progress.steps));
    expect(live.progress.steps.every((s) => s.rows.failed === 0)).toBe(true);

    const expected = expectedWorkspace(company);
    expect(stack.sandbox.admin.counts()).toMatchObject({
      customers: expected.customers,
      vendors: expected.vendors,
      products: expected.products,
      invoices: expected.invoices,
      creditMemos: expected.creditMemos,
      bills: expected.bills,
      vendorMemos: expected.vendorMemos,
      transactions: expected.bankTransactions + expected.payments + expected.splitParts,
    });
  });
});
