import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  generateCompany,
  type CompanySize,
} from '../../src/synthetic-company/company-generator.js';
import { writeGenericCsv } from '../../src/synthetic-company/write-generic-csv.js';
import type { StepProgress } from '../../src/migration/contracts/workflow-types.js';
import { stepPhases } from '../../src/migration/contracts/steps.js';
import { migrationHistories, type FetchedHistory } from '../support/histories.js';
import { replayAll } from '../support/replay.js';
import { testWorkflowBundle } from '../support/temporal.js';
import {
  startMigrationStack,
  uniqueRunName,
  type MigrationStack,
} from '../support/migration-stack.js';

const size: CompanySize = {
  customers: 8,
  vendors: 4,
  products: 5,
  invoices: 30,
  bills: 12,
  bankTransactions: 12,
  paidShare: 0.6,
};
const figuresOf = (steps: StepProgress[]) =>
  steps.map((s) => ({ step: s.step, rows: s.rows, calls: s.calls }));

/** The activities a set of histories scheduled, by activity type. */
function activitiesScheduled(histories: FetchedHistory[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { history } of histories) {
    for (const event of history.events ?? []) {
      const name = event.activityTaskScheduledEventAttributes?.activityType?.name;
      if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
    }
  }
  return counts;
}

describe('a dry run predicting its units in chunks', () => {
  let stack: MigrationStack;
  const company = generateCompany(size, 31);
  let folder: string;

  beforeAll(async () => {
    stack = await startMigrationStack();
    folder = path.join(stack.dir, 'exports');
    await writeGenericCsv(company.records, folder);
  });
  afterAll(async () => stack.close());

  it('runs a few activities per phase, predicts the same when cut into small runs, and replays', async () => {
    const base = {
      source: { folder, format: 'generic' as const },
      cutoverDate: company.cutoverDate,
      endDate: company.endDate,
      batchSize: 4,
      mode: 'dry-run' as const,
    };
    const whole = await stack.start({ ...base, runName: uniqueRunName('dry-whole') });
    const wholeOutcome = await whole.result();
    // Three units per step run: chunks of at most three, and every step continues as new.
    const cut = await stack.start({
      ...base,
      runName: uniqueRunName('dry-cut'),
      unitsPerStepRun: 3,
    });
    const cutOutcome = await cut.result();

    expect(wholeOutcome.status).toBe('dry-run-complete');
    expect(wholeOutcome.progress.verification?.verified).toBe(true);
    expect(figuresOf(cutOutcome.progress.steps)).toEqual(figuresOf(wholeOutcome.progress.steps));
    expect(cutOutcome.progress.predictedLiveCalls).toBe(wholeOutcome.progress.predictedLiveCalls);
    expect(stack.sandbox.admin.counts()).toMatchObject({ customers: 0, invoices: 0 });

    const wholeHistories = await migrationHistories(stack.client, whole.workflowId);
    const scheduled = activitiesScheduled(wholeHistories);
    const predictedCalls = wholeOutcome.progress.predictedLiveCalls ?? 0;
    const phases = Object.values(stepPhases).flat().length;
    // No activity per unit: one per phase with units (each well under a chunk here).
    expect(scheduled.get('executeUnit') ?? 0).toBe(0);
    const chunks = scheduled.get('predictUnits') ?? 0;
    expect(chunks).toBeGreaterThan(0);
    expect(chunks).toBeLessThanOrEqual(phases);
    expect(predictedCalls).toBeGreaterThan(2 * phases);

    const cutHistories = await migrationHistories(stack.client, cut.workflowId);
    expect(
      cutHistories.filter((h) => h.workflowId.endsWith('/main/invoices')).length,
    ).toBeGreaterThan(1);
    const replayed = await replayAll(
      { workflowBundle: testWorkflowBundle() },
      [...wholeHistories, ...cutHistories].map(({ workflowId, history }) => ({
        workflowId,
        history,
      })),
    );
    expect(replayed.filter((result) => result.error)).toEqual([]);
  });
});
