import path from 'node:path';
import { withFailureMapping } from './activity-boundary.js';
import { buildRunReport } from '../src/reports/build-run-report.js';
import { skippedRowsOf } from '../src/migration/reporting/record-tally.js';
import { idMapOf } from '../src/reports/id-map.js';
import type { IdMapRow } from '../src/reports/run-report.js';
import { writeRunReport } from '../src/reports/write-run-report.js';
import type { RunInProgress } from '../src/migration/contracts/fair-share.js';
import type { StepName } from '../src/migration/contracts/steps.js';
import type {
  MigrateLedgerInput,
  RunProgress,
  RunScope,
  SkipRequest,
} from '../src/migration/contracts/workflow-types.js';
import type { EngineDeps } from '../src/migration/engine/engine.js';
import { recordRound } from '../src/migration/replay-history/record-round.js';
import { firstProblems } from '../src/migration/reporting/first-problems.js';
import { openRunReadModel, type RunReadModel } from '../src/migration/reporting/run-read-model.js';
import {
  countFailedRows,
  skipFailedRows,
  stepsWithFailures,
  summarizeRun,
} from '../src/migration/reporting/run-summaries.js';

/** What reporting's activities need besides the engine's dependencies. */
export interface ReportingActivityDeps extends EngineDeps {
  /** The run's folder: reports go under it (and the embedded run store). */
  runFolder(runName: string): string;
  /** The pace of API calls, for the dry run's duration estimate. */
  requestsPerMinute: number;
  /** The live migrations running now (src/migration/reporting/runs-in-progress.ts), for a dry run's report. */
  runsInProgress?: (except: string) => Promise<RunInProgress[]>;
}

/**
 * Reporting's activities: what the run's rows came to (per step, the failed rows, skipping them on
 * the operator's word), and the run's report. All local: no API call.
 */
export function createReportingActivities(deps: ReportingActivityDeps) {
  return {
    summarizeRun: withFailureMapping((input: { scope: RunScope; steps: StepName[] }) =>
      summarizeRun(deps, input),
    ),
    countFailedRows: withFailureMapping(
      (input: { scope: RunScope; step?: StepName; code?: string }) => countFailedRows(deps, input),
    ),
    stepsWithFailures: withFailureMapping((input: { scope: RunScope; step?: StepName }) =>
      stepsWithFailures(deps, input),
    ),
    skipFailedRows: withFailureMapping((input: { scope: RunScope; request: SkipRequest }) =>
      skipFailedRows(deps, input),
    ),
    firstProblems: withFailureMapping((input: { scope: RunScope }) => firstProblems(deps, input)),
    writeReports: withFailureMapping(
      async (input: {
        scope: RunScope;
        progress: RunProgress;
        source: MigrateLedgerInput['source'];
        batchSize: number;
      }) => {
        const store = await deps.openStore(input.scope.runName);
        // The round's history first: the report it is part of shows it.
        await recordRound(store, input.scope, input.progress, deps.now());
        // A dry run's estimate says what the migrations running now do to it; a forecast only, so
        // a Temporal that does not answer leaves it out rather than failing the report.
        const runsInProgress =
          input.scope.mode === 'dry-run' && deps.runsInProgress
            ? await deps.runsInProgress(input.scope.runName).catch(() => undefined)
            : undefined;
        const run = await openRunReadModel(deps, input.scope);
        const report = await buildRunReport(
          run,
          {
            ...input,
            requestsPerMinute: deps.requestsPerMinute,
            ...(runsInProgress ? { runsInProgress } : {}),
          },
          deps.now(),
        );
        const reportsRoot = path.join(deps.runFolder(input.scope.runName), 'reports');
        const written = await writeRunReport(
          report,
          reportsRoot,
          // The stage id names the mode and the execution: one folder per run and replay round.
          input.scope.stageId,
          {
            idMap: idMapReader(run, report.idMapRows ?? 0),
            problems: () => run.problems(),
            // Read again only when the report kept the first of each step and reason.
            ...(report.skippedRows.length < (report.skippedRowCount ?? 0)
              ? { skippedRows: () => skippedRowsOf(run) }
              : {}),
          },
        );
        // The calls the report counts (a live run's call log): the run takes them as its own.
        return { folder: written.folder, html: written.html, callsMade: report.calls.made };
      },
    ),
  };
}

export type ReportingActivities = ReturnType<typeof createReportingActivities>;

/**
 * ID map rows held in memory rather than read twice (for the sheet's column widths, then its rows),
 * each read a pass over every outcome of the run: a dry run maps only the accounts the workspace
 * already has, a live run of a large company hundreds of thousands of rows.
 */
const ID_MAP_HELD_AT_MOST = 10_000;

function idMapReader(run: RunReadModel, rows: number): () => Iterable<IdMapRow> {
  if (rows > ID_MAP_HELD_AT_MOST) return () => idMapOf(run.outcomes());
  const held = rows === 0 ? [] : [...idMapOf(run.outcomes())];
  return () => held;
}
