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

  it('reads nothing from a folder of files it cannot use: blocked, nothing verified, both modes', async () => {
    const folder = path.join(stack.dir, 'reports-only');
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'Profit and Loss.xlsx'), 'not a workbook');
    for (const mode of ['dry-run', 'live'] as const) {
      const run = input(folder, mode);
      const outcome = await (await stack.start(run)).result();
      expect(outcome.status, mode).toBe('blocked');
      expect(outcome.progress.phase).toBe('blocked');
      expect(outcome.progress.verification).toBeUndefined();
      expect(outcome.progress.blockedReason).toMatch(
        /^Nothing would be migrated: not one row was read from the exports that a run could write \((1 error in the exports says|\d+ errors in the exports say) why\)\.$/,
      );
      expect(outcome.progress.firstProblems?.[0]).toMatchObject({ code: 'file.not-found' });
      const details = await detailsOf(stack, `ledgerlift-${run.runName}`);
      expect(details).toContain(`· ${mode} · blocked`);
      expect(details).toContain('Nothing would be migrated');
      expect(details).not.toContain('Verified');
      const report = await reportOf(outcome.progress.reportFolder);
      expect(report.headline).toContain('Nothing would be migrated');
    }
  });

  it('a dry run whose live run would be blocked ends blocked, with the first problems', async () => {
    // One customer key twice: an error that blocks a live run.
    const folder = path.join(stack.dir, 'duplicate-key');
    await writeGenericCsv(company.records, folder);
    const customers = path.join(folder, 'customers.csv');
    const [header = '', first = '', ...rest] = (await readFile(customers, 'utf8')).split('\n');
    await writeFile(customers, [header, first, first, ...rest].join('\n'));

    const dryRun = input(folder, 'dry-run');
    const dry = await (await stack.start(dryRun)).result();
    expect(dry.status).toBe('blocked');
    expect(dry.progress.phase).toBe('blocked');
    expect(dry.progress.blockedReason).toBe(
      'The live run would be blocked: 1 error in the exports must be fixed first, or the run started with skipInvalidRows (--skip-invalid-rows) to leave those rows out.',
    );
    expect(dry.progress.firstProblems).toEqual([
      {
        code: 'key.duplicate',
        count: 1,
        first: expect.stringMatching(/^customers\.csv row 3/) as string,
      },
    ]);
    const details = await detailsOf(stack, `ledgerlift-${dryRun.runName}`);
    expect(details).toContain('**Dry run:** The live run would be blocked');
    expect(details).toContain('- `key.duplicate` × 1, the first at customers\\.csv row 3');
    const report = await reportOf(dry.progress.reportFolder);
    expect(report.run.phase).toBe('blocked');
    expect(report.headline).toBe(`Dry run: ${dry.progress.blockedReason}`);

    // The live run stops as the dry run said, with the same words but its own lead.
    const liveRun = input(folder, 'live');
    const live = await (await stack.start(liveRun)).result();
    expect(live.status).toBe('blocked');
    expect(live.progress.blockedReason).toBe(
      '1 error in the exports must be fixed first, or the run started with skipInvalidRows (--skip-invalid-rows) to leave those rows out.',
    );
    expect(live.progress.firstProblems).toEqual(dry.progress.firstProblems);
    expect(stack.sandbox.admin.counts()).toMatchObject({ customers: 0, invoices: 0 });

    // Codes and places reach history, never a message or a customer's name.
    const names = company.records.flatMap((r) =>
      r.entity === 'customer' || r.entity === 'vendor' ? [r.value.name] : [],
    );
    for (const { bytes, workflowId } of await migrationHistories(
      stack.client,
      `ledgerlift-${dryRun.runName}`,
    )) {
      for (const name of names) expect(bytes.includes(name), workflowId).toBe(false);
    }
  });
});
