import { describe, expect, it } from 'vitest';
import type { StagedRow } from '../../src/migration/contracts/staged-row.js';
import type { StageManifest } from '../../src/migration/contracts/stage-manifest.js';
import { stepNames } from '../../src/migration/contracts/steps.js';
import type { RowOutcome } from '../../src/migration/engine/row-outcome.js';
import type { RunReadModel } from '../../src/migration/run-read-model.js';
import { buildRunReport } from '../../src/reports/build-run-report.js';

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
  const manifest = {
    stageId: 's',
    cutoverDate: '2021-01-01',
    endDate: '2021-03-31',
    baseCurrency: 'CAD',
    steps: Object.fromEntries(stepNames.map((step) => [step, { rows: 0, skipped: 0 }])),
    estimatedCalls: Object.fromEntries(stepNames.map((step) => [step, 0])),
    problems: { error: 0, warning: 0, info: 0 },
    blocking: false,
    hasLegacyTrialBalance: true,
  } as StageManifest;
  return {
    manifest,
    projection: undefined,
    verification: undefined,
    records: async function* (step) {
      if (step === 'accounts') yield* await Promise.resolve(accounts);
    },
    stagingSkips: () => Promise.resolve([]),
    outcomes: () => accounts.map((record) => record.outcome),
    problems: () => Promise.resolve([]),
    accounts: async function* () {},
    recordedCalls: async function* () {},
    aging: () =>
      Promise.resolve({
        asOf: '2021-03-31',
        receivable: { legacy: noAging },
        payable: { legacy: noAging },
      }),
  };
}

const noAging = {
  current: '0.00',
  '1-30': '0.00',
  '31-60': '0.00',
  '61-90': '0.00',
  '90+': '0.00',
};

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
