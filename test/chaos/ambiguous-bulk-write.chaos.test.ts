import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  generateCompany,
  type CompanySize,
} from '../../src/synthetic-company/company-generator.js';
import { writeGenericCsv } from '../../src/synthetic-company/write-generic-csv.js';
import { finishSignal, progressQuery } from '../../workflows/handlers.js';
import {
  startMigrationStack,
  uniqueRunName,
  type MigrationStack,
  liveRun,
} from '../support/migration-stack.js';
import { waitForWorkflow } from '../support/wait.js';
import { liveOutcomes, reconciled } from './support/outcomes.js';
import { countStatus } from './support/request-log.js';
import { summary } from './support/summary.js';
import { auditWorkspace } from './support/workspace-audit.js';

const size: CompanySize = {
  customers: 4,
  vendors: 3,
  products: 3,
  invoices: 6,
  bills: 4,
  bankTransactions: 12,
  paidShare: 0,
};

/**
 * Found by the commit-then-drop suite (docs/reliability.md): one bulk call carrying bank lines of
 * two bank accounts is applied, and its answer lost. Reconciliation runs one lookup per bank
 * account; once the first account's rows were all found, the second lookup must still scan the
 * second account, or its rows are sent again and exist twice.
 */
describe('an ambiguous bulk write of bank lines on two bank accounts', () => {
  let stack: MigrationStack;
  const company = generateCompany(size, 13);
  let folder: string;

  beforeAll(async () => {
    stack = await startMigrationStack();
    folder = path.join(stack.dir, 'exports');
    await writeGenericCsv(company.records, folder);
  });
  afterAll(async () => stack?.close());

  it('is reconciled on both accounts: nothing is sent twice', async () => {
    const lines = company.records
      .filter((r) => r.entity === 'bank-transaction')
      .map((r) => r.value)
      .filter((line) => line.date >= company.cutoverDate);
    // The premise: one call (batch 25) holds lines of both bank accounts.
    expect(new Set(lines.map((line) => line.bankAccountKey)).size).toBe(2);
    stack.sandbox.admin.setFault({
      method: 'POST',
      path: '/partners/transactions/bulk',
      commitThenDrop: { count: 1 },
    });
    const runName = uniqueRunName('ambiguous-bulk');
    const handle = await stack.start({
      ...liveRun(company, folder, runName),
      steps: ['accounts', 'customers', 'vendors', 'bank-transactions'],
      finishWhenClean: false,
    });
    await waitForWorkflow(
      'the run to wait for the operator',
      handle,
      async () => (await handle.query(progressQuery)).phase === 'awaiting-operator',
      { timeoutMs: 120_000 },
    );
    await handle.signal(finishSignal, {});
    await handle.result();

    expect(countStatus(stack.sandbox.admin.requestLog(), 0)).toBe(1);
    const matched = reconciled(await liveOutcomes(stack.worker.runsDir, runName));
    const audit = await auditWorkspace(stack.worker.credentialsPath as string, company);
    const bankDuplicates = audit.duplicates.filter((d) => d.includes('bank-transaction/'));
    summary('ambiguous-bulk-write', {
      bankLines: lines.length,
      reconciledRows: matched.length,
      duplicates: bankDuplicates.length,
    });
    expect(bankDuplicates).toEqual([]);
    expect(matched.filter((o) => o.entity === 'bank-transaction')).toHaveLength(lines.length);
    expect(stack.sandbox.admin.counts().transactions).toBe(lines.length);
  });
});
