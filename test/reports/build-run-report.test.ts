import { describe, expect, it } from 'vitest';
import type { StagedRow } from '../../src/migration/contracts/staged-row.js';
import type { RecordedCall } from '../../src/migration/contracts/recorded-call.js';
import type { RowOutcome } from '../../src/migration/outcomes/row-outcome.js';
import type { RunReadModel } from '../../src/migration/reporting/run-read-model.js';
import { buildRunReport } from '../../src/reports/build-run-report.js';
import { renderHtmlReport } from '../../src/reports/render-html.js';
import { fakeRunReadModel } from './support/fake-run-read-model.js';

const done = (
  key: string,
  status: RowOutcome['status'],
  code?: string,
): { row: StagedRow; status: 'done'; outcome: RowOutcome } => ({
  row: { entity: 'account', key } as StagedRow,
  status: 'done' as const,
  outcome: {
    entity: 'account',
    key,
    status,
    id: `uuid-${key}`,
    step: 'accounts',
    phase: 'create',
    ...(code ? { code } : {}),
  },
});

/** A live run whose chart had one new account, one already there and two system accounts. */
function accountsRun(): RunReadModel {
  const accounts = [
    done('4000', 'created'),
    done('1000', 'matched', 'account.existing'),
    done('1100', 'matched', 'account.system'),
    done('2000', 'matched', 'account.system'),
  ];
  return fakeRunReadModel(
    {
      records: async function* (step) {
        if (step === 'accounts') yield* await Promise.resolve(accounts);
      },
      outcomes: () => accounts.map((record) => record.outcome),
    },
    { cutoverDate: '2021-01-01', endDate: '2021-03-31', baseCurrency: 'CAD' },
  );
}

describe('the run report counts', () => {
  it('counts accounts mapped onto the workspace system accounts as mapped, not created', async () => {
    const report = await buildRunReport(
      accountsRun(),
      {
        scope: { runName: 'acme', stageId: 's', mode: 'live', profile: 'sandbox' },
        progress: {
          runName: 'acme',
          mode: 'live',
          phase: 'completed',
          round: 1,
          steps: [],
          calls: { made: 2, remainingEstimate: 0 },
          pacePerMinute: 0,
          etaSeconds: null,
        },
        source: { folder: '/exports', format: 'xero' },
        batchSize: 25,
        requestsPerMinute: 600,
      },
      new Date('2026-11-25T00:00:00Z'),
    );
    const accounts = report.steps.find((step) => step.step === 'accounts');
    expect(accounts).toMatchObject({ created: 1, matched: 1, mapped: 2 });
  });
});

describe("a dry run's report beside the live migrations running now", () => {
  it('estimates the live run under sharing with them, and says so in the HTML report', async () => {
    const report = await buildRunReport(
      accountsRun(),
      {
        scope: { runName: 'acme', stageId: 's', mode: 'dry-run', profile: 'sandbox', weight: 1 },
        progress: {
          runName: 'acme',
          mode: 'dry-run',
          phase: 'completed',
          round: 1,
          steps: [],
          calls: { made: 597, remainingEstimate: 0 },
          predictedLiveCalls: 600,
          pacePerMinute: 0,
          etaSeconds: null,
        },
        source: { folder: '/exports', format: 'xero' },
        batchSize: 25,
        requestsPerMinute: 60,
        runsInProgress: [{ name: 'globex', weight: 2, remainingCalls: 6000 }],
      },
      new Date('2026-11-25T00:00:00Z'),
    );
    // A third of 60 a minute beside a weight-2 run that outlasts it: 30 min instead of 10.
    expect(report.calls.predicted?.minutesAtRateLimit).toBe(10);
    expect(report.calls.predicted?.underSharing).toMatchObject({ minutes: 30, minutesAlone: 10 });
    const text = renderHtmlReport(report)
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ');
    expect(text).toContain(
      'With the live migration running now under this client id (globex: weight 2, 6,000 calls left), the live run at weight 1 would take about 30 min instead of about 10 min alone.',
    );
  });
});

describe("a live run's calls in its report", () => {
  /** A live run whose call log holds reads, creates and a retried attempt: eight calls in all. */
  const calls: RecordedCall[] = [
    { step: 'accounts', sentAt: '2026-11-25T09:00:05.000Z' },
    { step: 'accounts', sentAt: '2026-11-25T09:00:06.000Z' },
    { step: 'invoices', sentAt: '2026-11-25T09:01:10.000Z' },
    // The attempt that failed, then its retry: both were sent.
    { step: 'invoices', sentAt: '2026-11-25T09:01:11.000Z' },
    { step: 'invoices', sentAt: '2026-11-25T09:01:40.000Z' },
    { step: 'verification', sentAt: '2026-11-25T09:02:01.000Z' },
    { step: 'verification', sentAt: '2026-11-25T09:02:02.000Z' },
    { step: 'verification', sentAt: '2026-11-25T09:02:03.000Z' },
  ];

  async function reportCounting(made: number) {
    const run = fakeRunReadModel(
      {
        recordedCalls: async function* () {
          yield* await Promise.resolve(calls);
        },
      },
      { cutoverDate: '2021-01-01', endDate: '2021-03-31', baseCurrency: 'CAD' },
    );
    return buildRunReport(
      run,
      {
        scope: { runName: 'acme', stageId: 's', mode: 'live', profile: 'sandbox' },
        progress: {
          runName: 'acme',
          mode: 'live',
          phase: 'completed',
          round: 0,
          steps: [],
          calls: { made, remainingEstimate: 0 },
          pacePerMinute: 0,
          etaSeconds: null,
        },
        source: { folder: '/exports', format: 'xero' },
        batchSize: 25,
        requestsPerMinute: 600,
      },
      new Date('2026-11-25T10:00:00Z'),
    );
  }

  it('says it made the calls its chart draws, reads and verification included', async () => {
    const report = await reportCounting(8);
    expect(report.calls.made).toBe(8);
    expect(report.timeline?.calls.reduce((sum, count) => sum + count, 0)).toBe(8);
    expect(report.calls.countedByRun).toBeUndefined();
    const text = renderHtmlReport(report)
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ');
    expect(text).toContain('Made 8');
    expect(text).not.toContain('While it ran');
  });

  it('gives the call log’s count, and the run’s own where it fell short, with why', async () => {
    const report = await reportCounting(7);
    expect(report.calls.made).toBe(8);
    expect(report.calls.countedByRun).toBe(7);
    const text = renderHtmlReport(report)
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ');
    expect(text).toContain('Made 8');
    expect(text).toContain(
      'While it ran, the Web UI and ledgerlift status counted 7: a step counts the calls an activity reports back, and an attempt that failed and was retried reports none.',
    );
  });
});
