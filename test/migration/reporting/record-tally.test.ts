import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunScope } from '../../../src/migration/contracts/workflow-types.js';
import type { EngineDeps } from '../../../src/migration/engine/engine.js';
import { scopeKeys } from '../../../src/migration/outcomes/run-keys.js';
import type { RowOutcome } from '../../../src/migration/outcomes/row-outcome.js';
import { createReportingActivities } from '../../../activities/reporting-activities.js';
import { stageKeys } from '../../../src/migration/staging/stage-keys.js';
import { stageLedger } from '../../../src/migration/staging/stage-ledger.js';
import { FileRunStore } from '../../../src/run-store/file-run-store.js';
import type { RunReport } from '../../../src/reports/run-report.js';
import { account, itemsOf, party } from '../../support/ledger-builders.js';

const roots: string[] = [];
afterAll(async () => Promise.all(roots.map((root) => rm(root, { recursive: true, force: true }))));

const scope: RunScope = { runName: 'tally', mode: 'dry-run', stageId: 's', profile: 'p' };

/**
 * A staged company of three accounts and two customers, no row done yet, behind the reporting
 * activities; `chunkReads` counts the reads of the customers' staged rows.
 */
async function stagedRun() {
  const root = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-tally-'));
  roots.push(root);
  const store = new FileRunStore(path.join(root, 'store'));
  const items = itemsOf([
    { entity: 'account', value: account('1000', 'Checking', 'bank') },
    { entity: 'account', value: account('3000', 'Owner Equity', 'equity') },
    { entity: 'account', value: account('4000', 'Sales', 'revenue') },
    { entity: 'customer', value: party('C-A', 'Acme') },
    { entity: 'customer', value: party('C-B', 'Beta') },
  ] as Parameters<typeof itemsOf>[0]);
  await stageLedger(items, store, {
    stageId: scope.stageId,
    cutoverDate: '2026-01-01',
    endDate: '2026-03-31',
    baseCurrency: 'USD',
    batchSize: 25,
  });
  const customerChunks = stageKeys(scope.stageId).rows('customers');
  let chunkReads = 0;
  const counted = Object.create(store) as FileRunStore;
  counted.getDocument = (key: string) => {
    if (key.startsWith(customerChunks)) chunkReads += 1;
    return store.getDocument(key);
  };
  const offline = (): never => {
    throw new Error('no API call in a report');
  };
  const deps: EngineDeps = {
    openStore: () => Promise.resolve(counted),
    api: offline,
    handler: offline,
    now: () => new Date('2026-04-02T10:00:00Z'),
    ambiguousSettleMs: 0,
  };
  const activities = createReportingActivities({
    ...deps,
    runFolder: () => path.join(root, 'run'),
    requestsPerMinute: 100,
  });
  const writeReport = async (): Promise<RunReport> => {
    const { folder } = await activities.writeReports({
      scope,
      progress: {
        runName: scope.runName,
        mode: 'dry-run',
        phase: 'completed',
        round: 0,
        steps: [],
        calls: { made: 0, remainingEstimate: 0 },
        pacePerMinute: 0,
        etaSeconds: null,
      },
      source: { folder: root, format: 'generic' },
      batchSize: 25,
    });
    return JSON.parse(await readFile(path.join(folder, 'report.json'), 'utf8')) as RunReport;
  };
  return {
    store,
    activities,
    writeReport,
    chunkReads: () => chunkReads,
  };
}

const failedCustomer: RowOutcome = {
  entity: 'customer',
  key: 'C-B',
  status: 'failed',
  code: 'validation',
  reason: 'email is not valid',
  step: 'customers',
  phase: 'create',
};

describe('the exact counts and the report that follows them', () => {
  it('take one pass over the staged records between them', async () => {
    const run = await stagedRun();
    const counts = await run.activities.summarizeRun({ scope, steps: ['customers'] });
    expect(counts.customers).toEqual({ planned: 2, done: 0, failed: 0, skipped: 0 });
    const readByCounts = run.chunkReads();
    expect(readByCounts).toBeGreaterThan(0);
    const report = await run.writeReport();
    expect(report.steps.find((step) => step.step === 'customers')?.rows).toEqual(counts.customers);
    expect(run.chunkReads()).toBe(readByCounts);
  });

  it('show a failure recorded after the counts in the report', async () => {
    const run = await stagedRun();
    await run.activities.summarizeRun({ scope, steps: ['customers'] });
    // Recorded by another worker between the counts and the report (a dry run's own outcomes).
    await run.store.appendLog(scopeKeys(scope).outcomes, [failedCustomer]);
    const report = await run.writeReport();
    expect(report.steps.find((step) => step.step === 'customers')?.rows).toEqual({
      planned: 2,
      done: 0,
      failed: 1,
      skipped: 0,
    });
    expect(report.failedRows.map((row) => row.key)).toEqual(['C-B']);
  });

  it('count a record found again after a call that may have been applied as created', async () => {
    const run = await stagedRun();
    const done = (key: string, code: string, id: string): RowOutcome => ({
      entity: 'customer',
      key,
      status: 'matched',
      code,
      id,
      step: 'customers',
      phase: 'create',
    });
    await run.store.appendLog(scopeKeys(scope).outcomes, [
      // The run's own create, its answer lost or unreadable, found by reconciliation.
      done('C-A', 'reconciled', '0b7c4a1e-3f2d-4c5b-8a9e-1d2c3b4a5f60'),
      // A customer the workspace held before the run.
      done('C-B', 'customer.existing', '5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9'),
    ]);
    const report = await run.writeReport();
    expect(report.steps.find((step) => step.step === 'customers')).toMatchObject({
      rows: { planned: 2, done: 2 },
      created: 1,
      matched: 1,
    });
  });

  it('take the pass again for a second report', async () => {
    const run = await stagedRun();
    await run.activities.summarizeRun({ scope, steps: ['customers'] });
    await run.writeReport();
    const before = run.chunkReads();
    await run.writeReport();
    expect(run.chunkReads()).toBeGreaterThan(before);
  });
});
