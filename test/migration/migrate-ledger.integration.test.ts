import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  generateCompany,
  type CompanySize,
} from '../../src/synthetic-company/company-generator.js';
import { writeGenericCsv } from '../../src/synthetic-company/write-generic-csv.js';
import type { StepProgress } from '../../src/migration/contracts/workflow-types.js';
import type { RunReport } from '../../src/reports/run-report.js';
import { expectedCounts } from '../support/expected-workspace.js';
import { migrationHistories } from '../support/histories.js';
import { replayAll } from '../support/replay.js';
import { testWorkflowBundle } from '../support/temporal.js';
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

    const liveHandle = await stack.start({ ...base, mode: 'live', unitsPerStepRun: 4 });
    const live = await liveHandle.result();
    expect(live.status).toBe('completed');
    expect(live.progress.verification).toMatchObject({
      verified: true,
      differences: 0,
      clearingBalance: '0.00',
    });
    expect(rowsOf(live.progress.steps)).toEqual(rowsOf(dry.progress.steps));
    // Each report states the run's final status, not the phase it was written in.
    expect((await reportOf(dry.progress.reportFolder)).run.phase).toBe(dry.progress.phase);
    const liveReport = await reportOf(live.progress.reportFolder);
    expect(liveReport.run.phase).toBe('completed');
    // The report's charts: the live run's calls over time (every step that called), none for the
    // dry run; aging by bucket, the workspace's equal to the legacy books' when they verify.
    const charted = liveReport.timeline?.calls.reduce((sum, calls) => sum + calls, 0) ?? 0;
    expect(charted).toBeGreaterThan(0);
    expect(charted).toBeLessThanOrEqual(live.progress.calls.made);
    expect(liveReport.timeline?.steps.map((s) => s.step)).toEqual(
      live.progress.steps.filter((s) => s.rows.done > 0).map((s) => s.step),
    );
    expect((await reportOf(dry.progress.reportFolder)).timeline).toBeUndefined();
    expect(liveReport.aging?.receivable.workspace).toEqual(liveReport.aging?.receivable.legacy);
    expect(liveReport.aging?.payable.workspace).toEqual(liveReport.aging?.payable.legacy);
    expect(live.progress.steps.every((s) => s.rows.failed === 0)).toBe(true);

    expect(stack.sandbox.admin.counts()).toMatchObject(expectedCounts(company));

    // Histories carry ids, steps and counts: no secret, token or customer name.
    const histories = await migrationHistories(stack.client, liveHandle.workflowId);
    const credentials = await readFile(path.join(stack.dir, 'credentials.json'), 'utf8');
    const profile = (
      JSON.parse(credentials) as {
        profiles: Record<
          string,
          { clientSecret: string; tokens: { accessToken: string; refreshToken: string } }
        >;
      }
    ).profiles.test;
    const secrets = [
      profile?.clientSecret,
      profile?.tokens.accessToken,
      profile?.tokens.refreshToken,
    ];
    expect(secrets.every((secret) => typeof secret === 'string' && secret.length > 8)).toBe(true);
    const names = company.records.flatMap((r) =>
      r.entity === 'customer' || r.entity === 'vendor' ? [r.value.name] : [],
    );
    // The search finds what histories do carry (the source folder), so it would find a secret too.
    expect(histories.some((h) => h.bytes.includes(folder))).toBe(true);
    for (const { bytes, workflowId } of histories) {
      for (const secret of [...secrets, ...names])
        expect(bytes.includes(secret as string), workflowId).toBe(false);
    }
    // Every step continued as new at least once (4 units per run), yet the counts held.
    const invoiceRuns = histories.filter((h) => h.workflowId.endsWith('/main/invoices'));
    expect(invoiceRuns.length).toBeGreaterThan(1);

    // Today's workflow code replays every history it wrote: it is deterministic.
    const replayed = await replayAll(
      { workflowBundle: testWorkflowBundle() },
      histories.map(({ workflowId, history }) => ({ workflowId, history })),
    );
    expect(replayed).toHaveLength(histories.length);
    expect(replayed.filter((result) => result.error)).toEqual([]);
  });
});

async function reportOf(folder: string | undefined): Promise<RunReport> {
  if (!folder) throw new Error('the run wrote no report');
  return JSON.parse(await readFile(path.join(folder, 'report.json'), 'utf8')) as RunReport;
}
