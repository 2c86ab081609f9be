import type * as Workflow from '@temporalio/workflow';
import { describe, expect, it, vi } from 'vitest';
import { stepNames, type StepName } from '../../src/migration/contracts/steps.js';
import { ledgerCarriedStateSchema } from '../../src/migration/contracts/carried-state-schema.js';
import type {
  MigrateLedgerInput,
  StageSummary,
} from '../../src/migration/contracts/workflow-types.js';
import { renderProgress } from '../../src/cli/render-progress.js';
import { LedgerRun } from '../../workflows/ledger-run/run-state.js';
import { renderDetails } from '../../workflows/render-details.js';

// The run's state is workflow code: outside a workflow, only its execution's id is needed.
vi.mock('@temporalio/workflow', async (importOriginal) => ({
  ...(await importOriginal<typeof Workflow>()),
  workflowInfo: () => ({ firstExecutionRunId: '01a24f1c-30d2-78c0-ae6e-ef47f74e60a6' }),
  setCurrentDetails: () => undefined,
  upsertSearchAttributes: () => undefined,
}));

const input = (mode: MigrateLedgerInput['mode']): MigrateLedgerInput => ({
  runName: 'acme-2026',
  source: { folder: '/srv/ledgerlift/sources/acme', format: 'xero' },
  profile: 'acme',
  cutoverDate: '2026-01-01',
  mode,
});

const perStep = (value: number) =>
  Object.fromEntries(stepNames.map((step) => [step, value])) as Record<StepName, number>;

const stage: StageSummary = {
  stageId: 'live-01a24f1c-30d2-78c0-ae6e-ef47f74e60a6',
  endDate: '2026-03-31',
  rows: perStep(10),
  skipped: perStep(0),
  estimatedCalls: perStep(100),
  problems: { error: 0, warning: 0, info: 0 },
  blocking: false,
};

/** A run staged and migrating, with `calls` made by its invoices step over the last minute. */
function migrating(mode: MigrateLedgerInput['mode'], calls: number): LedgerRun {
  const run = new LedgerRun(input(mode));
  // 100 calls a step: 1,000 to make.
  run.staged(stage);
  run.enter('migrating');
  const start = Date.parse('2026-11-25T09:00:00Z');
  const invoices = (made: number) => ({
    step: 'invoices' as const,
    status: 'running' as const,
    rows: { planned: 10, done: 5, failed: 0, skipped: 0 },
    units: { total: 10, done: 5 },
    calls: made,
  });
  run.stepReported(invoices(0), start);
  run.stepReported(invoices(calls), start + 60_000);
  return run;
}

describe('the progress a run gives of itself', () => {
  it('gives no time to go while the exports are staged, when no call is counted yet', () => {
    const progress = new LedgerRun(input('live')).progress();
    expect(progress.phase).toBe('staging');
    expect(progress.etaSeconds).toBeNull();
    expect(renderDetails(progress).split('\n')[0]).toBe('**acme-2026** · live · staging');
    expect(renderProgress(progress).join('\n')).not.toMatch(/to go|ETA/);
  });

  it('gives a live run its pace and time to go, and a dry run none: it makes no calls', () => {
    const live = migrating('live', 100).progress();
    expect(live.pacePerMinute).toBe(100);
    expect(live.etaSeconds).toBe(540);
    const dry = migrating('dry-run', 100).progress();
    expect(dry.pacePerMinute).toBe(0);
    expect(dry.predictedLiveCalls).toBe(103);
    expect(renderProgress(dry).join('\n')).not.toMatch(/\/min|made/);
  });

  it('names the report page, in the result, the CLI and the state carried on as new', () => {
    const run = migrating('live', 100);
    const folder = '/srv/ledgerlift/runs/acme-2026/reports/live-01a24f1c';
    run.reportWritten({ folder, html: `${folder}/report.html` });
    const progress = run.progress();
    expect(progress.report).toBe(`${folder}/report.html`);
    expect(progress.reportFolder).toBe(folder);
    expect(renderProgress(progress)).toContain(`  Report: ${folder}/report.html`);
    const carried = ledgerCarriedStateSchema.parse(run.carriedState());
    expect(new LedgerRun(input('live'), carried).progress().report).toBe(`${folder}/report.html`);
  });

  it("gives the calls its report counted from then on: the call log's, every call sent", () => {
    const run = migrating('live', 100);
    run.addCalls(3);
    expect(run.progress().calls.made).toBe(103);
    const folder = '/srv/ledgerlift/runs/acme-2026/reports/live-01a24f1c';
    // The call log held 5 calls no activity reported back (attempts that failed and were retried).
    run.reportWritten({ folder, html: `${folder}/report.html`, callsMade: 108 });
    const progress = run.progress();
    expect(progress.calls.made).toBe(108);
    expect(renderProgress(progress).join('\n')).toContain('API calls: 108 made');
    // Carried on as new, the figure stays.
    const carried = ledgerCarriedStateSchema.parse(run.carriedState());
    expect(new LedgerRun(input('live'), carried).progress().calls.made).toBe(108);
    // A later report of the same calls changes nothing.
    run.reportWritten({ folder, html: `${folder}/report.html`, callsMade: 108 });
    expect(run.progress().calls.made).toBe(108);
  });

  it('keeps each pause with its reason and when it ended, carried on as new', () => {
    const run = migrating('live', 100);
    const at = Date.parse('2026-11-25T09:12:00Z');
    run.pause('invoices: CredentialProblem: the refresh token was revoked', at);
    // A second reason while paused replaces the first: it is one pause.
    run.pause('checking the export with the client', at + 60_000);
    run.resume(at + 8 * 60_000);
    run.pause('paused by the operator', at + 20 * 60_000);
    const progress = run.progress();
    expect(progress.pauses).toEqual([
      {
        at: '2026-11-25T09:12:00.000Z',
        reason: 'checking the export with the client',
        resumedAt: '2026-11-25T09:20:00.000Z',
      },
      { at: '2026-11-25T09:32:00.000Z', reason: 'paused by the operator' },
    ]);
    const carried = ledgerCarriedStateSchema.parse(run.carriedState());
    expect(carried.pauses).toEqual(progress.pauses);
  });
});
