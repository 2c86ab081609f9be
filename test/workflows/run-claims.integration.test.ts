// A run says only what happened: one whose exports stop a live run, or give it nothing to write,
// never ends "complete" or "verified", however it was started (the Web UI starts it with the
// same input: test/ui/start-from-web-ui.integration.test.ts).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ApplicationFailure, WorkflowFailedError } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/reports/run-report.js';
import { generateCompany } from '../../src/synthetic-company/company-generator.js';
import { writeGenericCsv } from '../../src/synthetic-company/write-generic-csv.js';
import { migrationHistories } from '../support/histories.js';
import {
  startMigrationStack,
  uniqueRunName,
  type MigrationStack,
} from '../support/migration-stack.js';

const company = generateCompany(
  {
    customers: 4,
    vendors: 2,
    products: 2,
    invoices: 6,
    bills: 3,
    bankTransactions: 3,
    paidShare: 0.5,
  },
  21,
);

/** The markdown of the Web UI's details panel, as the UI asks for it. */
async function detailsOf(stack: MigrationStack, workflowId: string): Promise<string> {
  const metadata = await stack.client.workflow
    .getHandle(workflowId)
    .query<{ currentDetails?: string }>('__temporal_workflow_metadata');
  return metadata.currentDetails ?? '';
}

async function reportOf(folder: string | undefined): Promise<RunReport> {
  if (!folder) throw new Error('the run wrote no report');
  return JSON.parse(await readFile(path.join(folder, 'report.json'), 'utf8')) as RunReport;
}

describe('a run never claims what did not happen', () => {
  let stack: MigrationStack;
  let good: string;

  beforeAll(async () => {
    stack = await startMigrationStack();
    good = path.join(stack.dir, 'good');
    await writeGenericCsv(company.records, good);
  });
  afterAll(async () => stack?.close());

  const input = (folder: string, mode: 'dry-run' | 'live', format = 'generic' as const) => ({
    runName: uniqueRunName(`claims-${mode}`),
    source: { folder, format },
    cutoverDate: company.cutoverDate,
    endDate: company.endDate,
    mode,
  });

  it('fails at once when the source folder does not exist, before any API call', async () => {
    const requestsBefore = stack.sandbox.admin.requestStats().total;
    // A mistyped folder, as typed into the Web UI's form.
    const mistyped = `${good}-typo`;
    const handle = await stack.start(input(mistyped, 'dry-run'));
    const error = await handle.result().then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(WorkflowFailedError);
    let cause: unknown = (error as WorkflowFailedError).cause;
    while (cause instanceof Error && !(cause instanceof ApplicationFailure)) cause = cause.cause;
    expect(cause).toBeInstanceOf(ApplicationFailure);
    expect((cause as ApplicationFailure).type).toBe('ConfigurationError');
    expect((cause as ApplicationFailure).message).toContain(
      `The export folder ${mistyped} does not exist (as this worker sees it)`,
    );
    expect(stack.sandbox.admin.requestStats().total).toBe(requestsBefore);
  });
});
