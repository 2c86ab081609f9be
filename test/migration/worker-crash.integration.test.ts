import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  generateCompany,
  type CompanySize,
} from '../../src/synthetic-company/company-generator.js';
import { writeGenericCsv } from '../../src/synthetic-company/write-generic-csv.js';
import { progressQuery } from '../../workflows/handlers.js';
import { expectedCounts } from '../support/expected-workspace.js';
import {
  startMigrationStack,
  uniqueRunName,
  type MigrationStack,
  liveRun,
} from '../support/migration-stack.js';
import type { RunningProcess } from '../support/processes.js';
import { waitForWorkflow } from '../support/wait.js';
import { startWorkerProcess } from '../support/worker-process.js';

const size: CompanySize = {
  customers: 8,
  vendors: 4,
  products: 5,
  invoices: 40,
  bills: 16,
  bankTransactions: 16,
  paidShare: 0.6,
};

describe('a worker killed in the middle of a step', () => {
  let stack: MigrationStack;
  const workers: RunningProcess[] = [];
  const company = generateCompany(size, 23);
  let folder: string;

  beforeAll(async () => {
    stack = await startMigrationStack({ inProcessWorkers: false });
    folder = path.join(stack.dir, 'exports');
    await writeGenericCsv(company.records, folder);
  });
  afterAll(async () => {
    for (const worker of workers) await worker.stop('SIGKILL');
    await stack.close();
  });

  it('leaves no duplicate and no gap once a new worker finishes the run', async () => {
    // Slow writes keep calls in flight, so the kill lands while some are on the wire.
    stack.sandbox.admin.setFault({ method: 'POST', path: '/partners/*', latencyMs: 120 });
    workers.push(await startWorkerProcess(stack));
    const handle = await stack.start({
      ...liveRun(company, folder, uniqueRunName('crash')),
      batchSize: 5,
    });
    await waitForWorkflow('the invoices step to be under way', handle, async () => {
      const progress = await handle.query(progressQuery);
      const invoices = progress.steps.find((step) => step.step === 'invoices');
      return invoices && invoices.units.done >= 8 && invoices.units.done < invoices.units.total - 8;
    });
    await workers[0]?.stop('SIGKILL');

    workers.push(await startWorkerProcess(stack));
    const outcome = await handle.result();

    expect(outcome.status).toBe('completed');
    expect(outcome.progress.verification).toMatchObject({
      verified: true,
      clearingBalance: '0.00',
    });
    expect(stack.sandbox.admin.counts()).toMatchObject(expectedCounts(company));
  });
});
