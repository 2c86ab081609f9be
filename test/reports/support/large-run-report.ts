// Builds and writes the report of a live run whose every row was created, as the writeReports
// activity does (activities/reporting-activities.ts), for `rows` rows generated one at a time: run under a
// heap cap by test/reports/large-run-report.test.ts. Prints the ID map's row count once written.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RowOutcome } from '../../../src/migration/outcomes/row-outcome.js';
import { buildRunReport } from '../../../src/reports/build-run-report.js';
import { idMapOf } from '../../../src/reports/id-map.js';
import { writeRunReport } from '../../../src/reports/write-run-report.js';
import { fakeRunReadModel } from './fake-run-read-model.js';

const rows = Number(process.argv[2]);

/** A UUID per row, like the workspace's (the ID map keeps only rows with one). */
function uuidOf(n: number): string {
  const hex = n.toString(16).padStart(12, '0');
  return `0d5c3a8e-4b1f-4c2d-9e7a-${hex}`;
}

function* outcomes(): Generator<RowOutcome> {
  for (let n = 0; n < rows; n += 1) {
    yield {
      entity: 'payment-transaction',
      key: `PMT-${String(n).padStart(7, '0')}`,
      status: 'created',
      id: uuidOf(n),
      step: 'payments',
      phase: 'create',
      unit: `main/payments/create/${String(Math.floor(n / 25))}`,
    };
  }
}

const run = fakeRunReadModel(
  { outcomes },
  { cutoverDate: '2025-01-01', endDate: '2025-12-31', baseCurrency: 'USD' },
);

const folder = await mkdtemp(path.join(tmpdir(), 'ledgerlift-large-report-'));
try {
  const report = await buildRunReport(
    run,
    {
      scope: { runName: 'large', stageId: 'live-large', mode: 'live', profile: 'sandbox' },
      progress: {
        runName: 'large',
        mode: 'live',
        phase: 'completed',
        round: 1,
        steps: [],
        calls: { made: rows / 25, remainingEstimate: 0 },
        pacePerMinute: 0,
        etaSeconds: null,
      },
      source: { folder: '/exports', format: 'generic' },
      batchSize: 25,
      requestsPerMinute: 100,
    },
    new Date('2026-01-05T00:00:00Z'),
  );
  const written = await writeRunReport(report, folder, 'live-large', {
    idMap: () => idMapOf(run.outcomes()),
  });
  console.log(`written ${path.basename(written.xlsx)} with ${report.idMapRows} ID map rows`);
} finally {
  await rm(folder, { recursive: true, force: true });
}
