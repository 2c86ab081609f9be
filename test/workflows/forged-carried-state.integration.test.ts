import path from 'node:path';
import { ApplicationFailure, WorkflowFailedError, type WorkflowHandle } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWorkflowId } from '../../src/migration/contracts/run-name.js';
import { stepNames } from '../../src/migration/contracts/steps.js';
import { undoWorkflowId, type UndoCursor } from '../../src/migration/contracts/undo-types.js';
import { generateCompany } from '../../src/synthetic-company/company-generator.js';
import { writeGenericCsv } from '../../src/synthetic-company/write-generic-csv.js';
import type { CarriedState } from '../../workflows/migrate-ledger.js';
import { migrateLedger } from '../../workflows/migrate-ledger.js';
import { migrateStep } from '../../workflows/migrate-step.js';
import { undoRun } from '../../workflows/undo-run.js';
import {
  liveRun,
  startMigrationStack,
  TEST_PROFILE,
  uniqueRunName,
  type MigrationStack,
} from '../support/migration-stack.js';

/** Bounds a workflow the check fails to stop (it would wait for an operator otherwise). */
const BOUND = '45s';

/** The failure a workflow ends with (Temporal wraps it once). */
async function failureOf(handle: WorkflowHandle): Promise<ApplicationFailure> {
  try {
    await handle.result();
  } catch (error) {
    expect(error).toBeInstanceOf(WorkflowFailedError);
    const cause = (error as WorkflowFailedError).cause;
    expect(cause).toBeInstanceOf(ApplicationFailure);
    return cause as ApplicationFailure;
  }
  throw new Error('the workflow did not fail');
}

/** Activities or children the workflow scheduled: none, when it failed at its boundary. */
async function scheduledWork(handle: WorkflowHandle): Promise<unknown[]> {
  const history = await handle.fetchHistory();
  return (history.events ?? []).filter(
    (event) =>
      event.activityTaskScheduledEventAttributes ||
      event.startChildWorkflowExecutionInitiatedEventAttributes,
  );
}

/**
 * A second workflow argument is state one execution hands the next through continue-as-new. A
 * client that forges one on a fresh start must not skip the first pass's safeguards (issue 29).
 */
describe('a fresh start carrying forged state is refused before any write', () => {
  let stack: MigrationStack;
  let folder: string;
  const company = generateCompany(
    {
      customers: 3,
      vendors: 2,
      products: 2,
      invoices: 3,
      bills: 2,
      bankTransactions: 2,
      paidShare: 0.5,
    },
    29,
  );

  beforeAll(async () => {
    stack = await startMigrationStack();
    folder = path.join(stack.dir, 'exports');
    await writeGenericCsv(company.records, folder);
  });
  afterAll(async () => stack.close());

  /** A plausible waiting state: every step "done", so the first pass would be skipped. */
  const forgedState = (): CarriedState => ({
    round: 0,
    stage: {
      stageId: 'live-forged',
      endDate: company.endDate,
      rows: Object.fromEntries(stepNames.map((s) => [s, 1])) as CarriedState['stage']['rows'],
      skipped: Object.fromEntries(stepNames.map((s) => [s, 0])) as CarriedState['stage']['rows'],
      estimatedCalls: Object.fromEntries(
        stepNames.map((s) => [s, 1]),
      ) as CarriedState['stage']['rows'],
      problems: { error: 0, warning: 0, info: 0 },
      blocking: false,
    },
    steps: [],
    otherCalls: 0,
    estimatedCalls: 0,
    currency: 'USD',
  });

  it('migrateLedger with a valid live input and a forged carried state', async () => {
    const requestsBefore = stack.sandbox.admin.requestStats().total;
    const runName = uniqueRunName('forged-carried');
    const handle = await stack.client.workflow.start(migrateLedger, {
      taskQueue: stack.settings.taskQueue,
      workflowExecutionTimeout: BOUND,
      workflowId: runWorkflowId(runName),
      args: [{ profile: TEST_PROFILE, ...liveRun(company, folder, runName) }, forgedState()],
    });
    const failure = await failureOf(handle);
    expect(failure.type).toBe('ConfigurationError');
    expect(failure.message).toMatch(/carried state, which is accepted only from continue-as-new/);
    expect(await scheduledWork(handle)).toEqual([]);
    expect(stack.sandbox.admin.requestStats().total).toBe(requestsBefore);
    expect(stack.sandbox.admin.counts()).toMatchObject({ customers: 0, invoices: 0 });
  });

  it('undoRun with a forged cursor', async () => {
    const requestsBefore = stack.sandbox.admin.requestStats().total;
    const runName = uniqueRunName('forged-cursor');
    const cursor: UndoCursor = {
      planId: 'undo-000000000000',
      asOf: company.endDate,
      phaseIndex: 0,
      groupIndex: 0,
      nextUnit: 0,
      calls: 0,
      unitsDone: 0,
    };
    const handle = await stack.client.workflow.start(undoRun, {
      taskQueue: stack.settings.taskQueue,
      workflowExecutionTimeout: BOUND,
      workflowId: undoWorkflowId(runName),
      args: [{ runName, profile: TEST_PROFILE, mode: 'live' }, cursor],
    });
    const failure = await failureOf(handle);
    expect(failure.type).toBe('ConfigurationError');
    expect(failure.message).toMatch(/undo cursor, which is accepted only from continue-as-new/);
    expect(await scheduledWork(handle)).toEqual([]);
    expect(stack.sandbox.admin.requestStats().total).toBe(requestsBefore);
  });

  it('migrateStep started on its own, with or without a cursor', async () => {
    const requestsBefore = stack.sandbox.admin.requestStats().total;
    const runName = uniqueRunName('forged-step');
    const input = {
      scope: { runName, mode: 'live' as const, stageId: 'live-forged', profile: TEST_PROFILE },
      planId: 'main',
      step: 'customers' as const,
      batchSize: 25,
      concurrency: 4,
    };
    const cursor = {
      phaseIndex: 0,
      nextUnit: 0,
      plan: { units: 1, rows: { planned: 1, done: 0, failed: 0, skipped: 0 } },
      rows: { planned: 1, done: 0, failed: 0, skipped: 0 },
      calls: 0,
      snapshotsTaken: true,
    };
    for (const args of [input, { ...input, cursor }]) {
      const handle = await stack.client.workflow.start(migrateStep, {
        taskQueue: stack.settings.taskQueue,
        workflowExecutionTimeout: BOUND,
        workflowId: `${runWorkflowId(runName)}/main/customers-${'cursor' in args ? 'c' : 'n'}`,
        args: [args],
      });
      const failure = await failureOf(handle);
      expect(failure.type).toBe('ConfigurationError');
      expect(failure.message).toMatch(/runs only as a child of its migrateLedger run/);
      expect(await scheduledWork(handle)).toEqual([]);
    }
    expect(stack.sandbox.admin.requestStats().total).toBe(requestsBefore);
  });
});
