import { mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ApplicationFailure, WorkflowFailedError } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCompany } from '../../src/synthetic-company/company-generator.js';
import { writeGenericCsv } from '../../src/synthetic-company/write-generic-csv.js';
import {
  liveRun,
  startMigrationStack,
  uniqueRunName,
  type MigrationStack,
} from '../support/migration-stack.js';

/** The ConfigurationError a run failed with: staging's failure, under the activity's wrapping. */
async function configurationError(result: Promise<unknown>): Promise<string> {
  const error = await result.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(WorkflowFailedError);
  let cause: unknown = (error as WorkflowFailedError).cause;
  while (cause instanceof Error && !(cause instanceof ApplicationFailure)) cause = cause.cause;
  expect(cause).toBeInstanceOf(ApplicationFailure);
  expect((cause as ApplicationFailure).type).toBe('ConfigurationError');
  expect((cause as ApplicationFailure).nonRetryable).toBe(true);
  return (cause as ApplicationFailure).message;
}

describe('a worker reads sources only under its sources root', () => {
  let stack: MigrationStack;
  let outside: string;
  const company = generateCompany(
    {
      customers: 2,
      vendors: 1,
      products: 1,
      invoices: 2,
      bills: 1,
      bankTransactions: 1,
      paidShare: 0.5,
    },
    9,
  );

  beforeAll(async () => {
    stack = await startMigrationStack();
    // Real exports, but beside the stack's folder (its sources root) rather than in it.
    outside = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-outside-root-'));
    await writeGenericCsv(company.records, outside);
    await symlink(outside, path.join(stack.dir, 'linked-exports'));
  });
  afterAll(async () => {
    await stack.close();
    await rm(outside, { recursive: true, force: true });
  });

  it('fails a run whose folder is outside the root, or reached by a symlink out of it', async () => {
    for (const folder of [outside, path.join(stack.dir, 'linked-exports')]) {
      const requestsBefore = stack.sandbox.admin.requestStats().total;
      const handle = await stack.start(liveRun(company, folder, uniqueRunName('confined')));
      const message = await configurationError(handle.result());
      expect(message).toContain(`outside this worker's sources root`);
      expect(message).toContain('LEDGERLIFT_SOURCES_ROOT');
      expect(stack.sandbox.admin.requestStats().total).toBe(requestsBefore);
    }
    expect(stack.sandbox.admin.counts()).toMatchObject({ customers: 0, invoices: 0 });
  });
});
