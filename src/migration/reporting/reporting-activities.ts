import path from 'node:path';
import { withFailureMapping } from '../../../activities/activity-boundary.js';
import { buildRunReport, skippedRowsOf } from '../../reports/build-run-report.js';
import { idMapOf } from '../../reports/id-map.js';
import { writeRunReport } from '../../reports/write-run-report.js';
import type { RunInProgress } from '../contracts/fair-share.js';
import type { StepName } from '../contracts/steps.js';
import type {
  MigrateLedgerInput,
  RunProgress,
  RunScope,
  SkipRequest,
} from '../contracts/workflow-types.js';
import type { EngineDeps } from '../engine/engine.js';
import { recordRound } from '../replay-history/record-round.js';
import { openRunReadModel } from './run-read-model.js';
import {
  countFailedRows,
  skipFailedRows,
  stepsWithFailures,
  summarizeRun,
} from './run-summaries.js';

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
    writeReports: withFailureMapping(
      async (input: {
        scope: RunScope;
        progress: RunProgress;
        source: MigrateLedgerInput['source'];
        batchSize: number;
      }) => {
        // The round's history first: the report it is part of shows it.
        await recordRound(
          await deps.openStore(input.scope.runName),
          input.scope,
          input.progress,
          deps.now(),
        );
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
            idMap: () => idMapOf(run.outcomes()),
            problems: () => run.problems(),
            // Read again only when the report kept the first of each step and reason.
            ...(report.skippedRows.length < (report.skippedRowCount ?? 0)
              ? { skippedRows: () => skippedRowsOf(run) }
              : {}),
          },
        );
        return { folder: written.folder };
      },
    ),
  };
}

export type ReportingActivities = ReturnType<typeof createReportingActivities>;
