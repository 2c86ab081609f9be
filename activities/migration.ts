import path from 'node:path';
import { Context } from '@temporalio/activity';
import type { EngineDeps } from '../src/migration/engine/engine.js';
import { executeUnit } from '../src/migration/engine/execute-unit.js';
import { failUnit } from '../src/migration/engine/fail-unit.js';
import { planPhase } from '../src/migration/engine/plan-phase.js';
import { planTagOf } from '../src/migration/engine/plan-ids.js';
import {
  predictUnits,
  type PredictedUnits,
  type PredictUnitsInput,
} from '../src/migration/engine/predict-units.js';
import { reconcileUnit } from '../src/migration/engine/reconcile-unit.js';
import { readSnapshotPage } from '../src/migration/engine/snapshot.js';
import { stageExports, type ExportsReader } from '../src/migration/engine/stage-exports.js';
import {
  countFailedRows,
  skipFailedRows,
  stepsWithFailures,
  summarizeRun,
} from '../src/migration/engine/summaries.js';
import { fetchReport } from '../src/migration/verification/fetch-report.js';
import { verifyBooks } from '../src/migration/verification/verify-books.js';
import { confineSource } from '../src/migration/confine-source.js';
import {
  checkStagedAgainstWorkspace,
  workspaceCurrency,
} from '../src/migration/workspace-check/workspace-check-activity.js';
import type { ReportName } from '../src/migration/contracts/migration-api.js';
import type {
  MigrateLedgerInput,
  RunProgress,
  RunScope,
  SkipRequest,
  StageInput,
  UnitInput,
  ReconcileInput,
  PlanPhaseInput,
  SnapshotInput,
} from '../src/migration/contracts/workflow-types.js';
import type { StepName } from '../src/migration/contracts/steps.js';
import {
  reconcileCallSite,
  reportCallSite,
  snapshotCallSite,
  workspaceBindingCallSite,
  unitCallSite,
} from '../src/migration/call-log/call-sites.js';
import { recordRound } from '../src/migration/replay-history/record-round.js';
import { openRunReadModel } from '../src/migration/run-read-model.js';
import { buildRunReport, skippedRowsOf } from '../src/reports/build-run-report.js';
import { writeRunReport } from '../src/reports/write-run-report.js';
import { idMapOf } from '../src/reports/id-map.js';
import type { RunInProgress } from '../src/reports/estimate-under-sharing.js';
import { loggingCalls, withFailureMapping, withHeartbeats } from './to-application-failure.js';
import type { SendWindow } from '../src/migration/engine/send-deadline.js';
import { bindWorkspace, readAndCheckWorkspace } from '../src/migration/engine/workspace-binding.js';
import type {
  BindingUse,
  WorkspaceIdentity,
} from '../src/migration/contracts/workspace-binding.js';

export interface MigrationActivityDeps extends EngineDeps {
  readValidatedExports: ExportsReader;
  /** The run's folder: reports go under it (and the embedded run store). */
  runFolder(runName: string): string;
  /** The pace of API calls, for the dry run's duration estimate. */
  requestsPerMinute: number;
  /** The worker's sources root (the reader is confined to it), checked before the first API call. */
  sourcesRoot?: string;
  /** The live migrations running now (src/migration/runs-in-progress.ts), for a dry run's report. */
  runsInProgress?: (except: string) => Promise<RunInProgress[]>;
  /**
   * How late after its release a paced call may still be sent (src/migration/engine/send-deadline.ts);
   * unset, a call is sent however long the run store held it.
   */
  maxSendDelayMs?: number;
}

/** The send window of an API activity starting now, when the worker sets one. */
function sendWindowFrom(deps: MigrationActivityDeps): SendWindow | undefined {
  if (deps.maxSendDelayMs === undefined) return undefined;
  return { releasedAtMs: deps.now().getTime(), maxDelayMs: deps.maxSendDelayMs };
}

/**
 * Every migration activity, built over injected dependencies (the worker passes the real run
 * store, API client and source readers; tests pass their own). API activities make one call each.
 */
export function createMigrationActivities(deps: MigrationActivityDeps) {
  return {
    // The activity keeps its first name: committed histories schedule it by that name.
    stageSource: withFailureMapping((input: StageInput) =>
      stageExports(deps, input, (rowsRead) => Context.current().heartbeat({ rowsRead })),
    ),
    planPhase: withFailureMapping((input: PlanPhaseInput) => planPhase(deps, input)),
    planTag: withFailureMapping((input: { scope: RunScope }) => planTagOf(deps, input)),
    executeUnit: withFailureMapping(
      withHeartbeats((input: UnitInput) => {
        // Taken first: the queue released this activity now, and its call is due now.
        const sendWindow = sendWindowFrom(deps);
        return loggingCalls(deps, input.scope, unitCallSite, input, () =>
          executeUnit(deps, input, sendWindow),
        );
      }),
    ),
    // A dry run's units in bulk: heartbeats carry the totals so far, and a retry resumes from them.
    predictUnits: withFailureMapping((input: PredictUnitsInput) => {
      const context = Context.current();
      const resume = context.info.heartbeatDetails as PredictedUnits | undefined;
      return predictUnits(deps, input, resume, (progress) => context.heartbeat(progress));
    }),
    reconcileUnit: withFailureMapping(
      withHeartbeats((input: ReconcileInput) =>
        loggingCalls(deps, input.scope, reconcileCallSite, input, () => reconcileUnit(deps, input)),
      ),
    ),
    failUnit: withFailureMapping((input: UnitInput & { code: string; reason: string }) =>
      failUnit(deps, input),
    ),
    readSnapshotPage: withFailureMapping(
      withHeartbeats((input: SnapshotInput) =>
        loggingCalls(deps, input.scope, snapshotCallSite, input, () =>
          readSnapshotPage(deps, input),
        ),
      ),
    ),
    fetchReport: withFailureMapping(
      withHeartbeats((input: { scope: RunScope; report: ReportName; asOf: string }) =>
        loggingCalls(deps, input.scope, reportCallSite, input.scope, () =>
          fetchReport(deps, input),
        ),
      ),
    ),
    verifyBooks: withFailureMapping((input: { scope: RunScope }) => verifyBooks(deps, input)),
    // The workspace pre-check's local parts; its reads are readSnapshotPage calls (one each). A
    // source outside the sources root is refused before the first of them, as staging refuses it.
    confirmSource: withFailureMapping(async (input: { source: MigrateLedgerInput['source'] }) => {
      if (deps.sourcesRoot !== undefined) await confineSource(input.source, deps.sourcesRoot);
    }),
    // The workspace a run writes (src/migration/engine/workspace-binding.ts): read (one API call)
    // and checked against the run's before anything else touches the workspace, recorded (a local
    // activity) before the first write.
    checkWorkspace: withFailureMapping(
      withHeartbeats((input: { scope: RunScope; use: BindingUse }) =>
        loggingCalls(deps, input.scope, workspaceBindingCallSite, input, () =>
          readAndCheckWorkspace(deps, input),
        ),
      ),
    ),
    bindWorkspace: withFailureMapping(
      async (input: { scope: RunScope; identity: WorkspaceIdentity }) =>
        bindWorkspace(
          await deps.openStore(input.scope.runName),
          input.scope.runName,
          input.identity,
          deps.now(),
        ),
    ),
    workspaceCurrency: withFailureMapping((input: { scope: RunScope }) =>
      workspaceCurrency(deps, input),
    ),
    checkStagedAgainstWorkspace: withFailureMapping(
      (input: { scope: RunScope; checkScope: RunScope; currencyGiven: boolean }) =>
        checkStagedAgainstWorkspace(deps, input),
    ),
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

export type MigrationActivities = ReturnType<typeof createMigrationActivities>;
