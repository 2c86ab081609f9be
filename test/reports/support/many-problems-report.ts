// Builds and writes the report of a blocked dry run whose exports gave `count` problems (one per
// bad row, as a trailing comma on every line of a large file gives), generated one at a time, as
// the writeReports activity does (activities/reporting-activities.ts): run under a heap cap by
// test/reports/many-problems-report.test.ts. Prints what the report kept once written.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setImmediate } from 'node:timers';
import type { Problem } from '../../../src/ledger/index.js';
import type { StageManifest } from '../../../src/migration/contracts/stage-manifest.js';
import type { StagingSkip } from '../../../src/migration/contracts/staged-row.js';
import { buildRunReport } from '../../../src/reports/build-run-report.js';
import { skippedRowsOf } from '../../../src/migration/reporting/record-tally.js';
import { writeRunReport } from '../../../src/reports/write-run-report.js';
import { fakeRunReadModel } from './fake-run-read-model.js';

const count = Number(process.argv[2]);

async function* problems(): AsyncGenerator<Problem> {
  for (let row = 2; row < count + 2; row += 1) {
    // A page at a time, as the run store reads its log.
    if (row % 10_000 === 0) await new Promise(setImmediate);
    // One note in ten thousand, so the report has a second code beside the flood.
    const note = row % 10_000 === 0;
    yield {
      severity: note ? 'info' : 'error',
      code: note ? 'value.defaulted' : 'csv.column-count',
      message: `customers.csv row ${row} has 23 cells but the header has 22, so its values would land in the wrong columns.`,
      location: { file: 'customers.csv', row },
    };
  }
}

/** As many customers skipped at staging as invalid: their rows read, but with an error. */
const skips = Number(process.argv[3] ?? 0);

async function* stagingSkips(): AsyncGenerator<StagingSkip> {
  for (let row = 2; row < skips + 2; row += 1) {
    if (row % 10_000 === 0) await new Promise(setImmediate);
    yield {
      step: 'customers',
      entity: 'customer',
      key: `C-${row}`,
      reason: 'invalid',
      codes: ['value.invalid'],
      location: { file: 'customers.csv', row },
    };
  }
}

const base = fakeRunReadModel(
  { problems, stagingSkips },
  { cutoverDate: '2025-01-01', endDate: '2025-12-31', baseCurrency: 'USD' },
);
const notes = Math.floor((count + 1) / 10_000);
const run = {
  ...base,
  manifest: {
    ...base.manifest,
    problems: { error: count - notes, warning: 0, info: notes },
    blocking: true,
  } as StageManifest,
};

const folder = await mkdtemp(path.join(tmpdir(), 'ledgerlift-many-problems-'));
const report = await buildRunReport(
  run,
  {
    scope: { runName: 'bad-rows', stageId: 'dry-run-1', mode: 'dry-run', profile: 'sandbox' },
    progress: {
      runName: 'bad-rows',
      mode: 'dry-run',
      phase: 'blocked',
      round: 0,
      steps: [],
      calls: { made: 0, remainingEstimate: 0 },
      pacePerMinute: 0,
      etaSeconds: null,
    },
    source: { folder: '/exports', format: 'generic' },
    batchSize: 25,
    requestsPerMinute: 100,
  },
  new Date('2026-01-05T00:00:00Z'),
);
const written = await writeRunReport(report, folder, 'dry-run-1', {
  problems: () => run.problems(),
  skippedRows: () => skippedRowsOf(run),
});
console.log(
  JSON.stringify({
    written,
    kept: report.problems.length,
    problemCodes: report.problemCodes,
    skippedKept: report.skippedRows.length,
    skippedRowCount: report.skippedRowCount,
  }),
);
