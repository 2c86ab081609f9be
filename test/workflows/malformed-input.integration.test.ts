import path from 'node:path';
import { ApplicationFailure, WorkflowFailedError } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCompany } from '../../src/synthetic-company/company-generator.js';
import { writeGenericCsv } from '../../src/synthetic-company/write-generic-csv.js';
import type { MigrateLedgerInput } from '../../src/migration/contracts/workflow-types.js';
import { findTemporalCli } from '../../src/dev/temporal-cli.js';
import { runWorkflowId } from '../../src/migration/contracts/run-name.js';
import { runCommand } from '../support/processes.js';
import {
  startMigrationStack,
  uniqueRunName,
  type MigrationStack,
} from '../support/migration-stack.js';

/** The failure a run ends with: its type and message (Temporal wraps it once). */
async function failureOf(result: Promise<unknown>): Promise<{ type?: string; message: string }> {
  try {
    await result;
  } catch (error) {
    expect(error).toBeInstanceOf(WorkflowFailedError);
    const cause = (error as WorkflowFailedError).cause;
    expect(cause).toBeInstanceOf(ApplicationFailure);
    const failure = cause as ApplicationFailure;
    return { ...(failure.type ? { type: failure.type } : {}), message: failure.message };
  }
  throw new Error('the run did not fail');
}

describe('a malformed migrateLedger input fails at once and writes nothing', () => {
  let stack: MigrationStack;
  let folder: string;
  const company = generateCompany(
    {
      customers: 3,
      vendors: 2,
      products: 2,
      invoices: 4,
      bills: 2,
      bankTransactions: 2,
      paidShare: 0.5,
    },
    5,
  );

  beforeAll(async () => {
    stack = await startMigrationStack();
    folder = path.join(stack.dir, 'exports');
    await writeGenericCsv(company.records, folder);
  });
  afterAll(async () => stack.close());

  const cases: Array<{ name: string; change: Record<string, unknown>; field: RegExp }> = [
    { name: 'mode "Live"', change: { mode: 'Live' }, field: /\bmode must be exactly/ },
    { name: 'mode "dryrun"', change: { mode: 'dryrun' }, field: /\bmode must be exactly/ },
    { name: 'concurrency 0', change: { concurrency: 0 }, field: /\bconcurrency must be/ },
    { name: 'an unknown key', change: { dryRun: false }, field: /\bdryRun is not a setting/ },
    {
      name: 'a day that does not exist',
      change: { cutoverDate: '2026-02-30' },
      field: /\bcutoverDate must be a date/,
    },
  ];

  it.each(cases)(
    'refuses $name as a ConfigurationError naming the field',
    async ({ change, field }) => {
      const requestsBefore = stack.sandbox.admin.requestStats().total;
      const input = {
        runName: uniqueRunName('malformed'),
        source: { folder, format: 'generic' },
        cutoverDate: company.cutoverDate,
        endDate: company.endDate,
        mode: 'live',
        ...change,
      } as unknown as MigrateLedgerInput;
      const handle = await stack.start(input);
      const failure = await failureOf(handle.result());
      expect(failure.type).toBe('ConfigurationError');
      expect(failure.message).toMatch(field);

      // Failed before any activity: nothing was staged, no call reached the API.
      const history = await handle.fetchHistory();
      const scheduled = (history.events ?? []).filter(
        (event) =>
          event.activityTaskScheduledEventAttributes ||
          event.startChildWorkflowExecutionInitiatedEventAttributes,
      );
      expect(scheduled).toEqual([]);
      expect(stack.sandbox.admin.requestStats().total).toBe(requestsBefore);
      expect(stack.sandbox.admin.counts()).toMatchObject({
        customers: 0,
        invoices: 0,
        transactions: 0,
      });
    },
  );

  it('refuses a bad input sent with `temporal workflow start` as well', async () => {
    const cli = await findTemporalCli();
    if (!cli) throw new Error('no Temporal CLI: the global setup should have provided one');
    const runName = uniqueRunName('malformed-cli');
    const requestsBefore = stack.sandbox.admin.requestStats().total;
    const started = await runCommand(cli.path, [
      'workflow',
      'start',
      '--address',
      stack.settings.address,
      '--task-queue',
      stack.settings.taskQueue,
      '--type',
      'migrateLedger',
      '--workflow-id',
      runWorkflowId(runName),
      '--input',
      JSON.stringify({
        runName,
        source: { folder, format: 'generic' },
        profile: 'test',
        cutoverDate: 'banana',
        mode: 'live',
      }),
    ]);
    expect(started.code, started.stderr).toBe(0);
    const failure = await failureOf(
      stack.client.workflow.getHandle(runWorkflowId(runName)).result(),
    );
    expect(failure.type).toBe('ConfigurationError');
    expect(failure.message).toContain('cutoverDate must be a date like 2026-01-01');
    expect(stack.sandbox.admin.requestStats().total).toBe(requestsBefore);
  });
});
