import type { StageManifest } from '../../../src/migration/contracts/stage-manifest.js';
import { stepNames } from '../../../src/migration/contracts/steps.js';
import type { RunReadModel } from '../../../src/migration/reporting/run-read-model.js';
import { tallyRecords } from '../../../src/migration/reporting/record-tally.js';

const noAging = {
  current: '0.00',
  '1-30': '0.00',
  '31-60': '0.00',
  '61-90': '0.00',
  '90+': '0.00',
};

/**
 * A run's read model for report tests: a staged company with no rows, problems or calls, ending on
 * `endDate`, with whatever the test gives in `parts` (its outcomes, its records).
 */
export function fakeRunReadModel(
  parts: Partial<RunReadModel>,
  dates: { cutoverDate: string; endDate: string; baseCurrency: string },
): RunReadModel {
  const model: RunReadModel = {
    manifest: {
      stageId: 's',
      ...dates,
      steps: Object.fromEntries(stepNames.map((step) => [step, { rows: 0, skipped: 0 }])),
      estimatedCalls: Object.fromEntries(stepNames.map((step) => [step, 0])),
      problems: { error: 0, warning: 0, info: 0 },
      blocking: false,
      hasLegacyTrialBalance: true,
    } as StageManifest,
    projection: undefined,
    verification: undefined,
    outcomesReadTo: '0 0',
    // The tally of the records the test gives (no count taken before the report).
    tally: () => tallyRecords(model),
    records: async function* () {},
    stagingSkips: async function* () {},
    outcomes: () => [],
    problems: async function* () {},
    accounts: async function* () {},
    recordedCalls: async function* () {},
    aging: () =>
      Promise.resolve({
        asOf: dates.endDate,
        receivable: { legacy: noAging },
        payable: { legacy: noAging },
      }),
    ...parts,
  };
  return model;
}
