import type { ReportName } from '../src/migration/contracts/migration-api.js';
import type { StepName } from '../src/migration/contracts/steps.js';
import type {
  UndoOutcome,
  UndoPlan,
  UndoVerification,
} from '../src/migration/contracts/undo-types.js';
import type { RunScope } from '../src/migration/contracts/workflow-types.js';
import type { EngineDeps } from '../src/migration/engine/engine.js';
import { listNotReversible } from '../src/migration/undo/not-reversible.js';
import { planUndoPhase, type PlanUndoPhaseInput } from '../src/migration/undo/plan-undo.js';
import { undoKeys, type SnapshotMarker } from '../src/migration/undo/undo-keys.js';
import { writeUndoReport } from '../src/reports/undo/write-undo-report.js';
import {
  markUndoSnapshot,
  readUndoSnapshotPage,
  undoSnapshotTaken,
  type SnapshotPageInput,
} from '../src/migration/undo/undo-snapshot.js';
import { verifyUndo } from '../src/migration/undo/verify-undo.js';
import { loggingCalls, withFailureMapping } from './activity-boundary.js';
import { reportCallSite, undoSnapshotCallSite } from '../src/migration/call-log/call-sites.js';

/** What the undo's activities need besides the engine's dependencies. */
export interface UndoActivityDeps extends EngineDeps {
  /** The run's folder: the undo's report goes under it. */
  runFolder(runName: string): string;
  /** The pace of API calls, for the dry run's duration estimate. */
  requestsPerMinute: number;
}

/**
 * The undo's own activities; its units run through sending's executeUnit and reconcileUnit
 * (activities/sending-activities.ts), one API call each. API activities here make one
 * call each too.
 */
export function createUndoActivities(deps: UndoActivityDeps) {
  return {
    undoSnapshotTaken: withFailureMapping((input: { scope: RunScope }) =>
      undoSnapshotTaken(deps, input),
    ),
    readUndoSnapshotPage: withFailureMapping((input: SnapshotPageInput) =>
      loggingCalls(deps, input.scope, undoSnapshotCallSite, input, () =>
        readUndoSnapshotPage(deps, input),
      ),
    ),
    markUndoSnapshot: withFailureMapping((input: { scope: RunScope; asOf: string }) =>
      markUndoSnapshot(deps, input),
    ),
    /** The date the snapshot was taken at, or undefined when the run has none. */
    undoSnapshotDate: withFailureMapping(async (input: { scope: RunScope }) => {
      const store = await deps.openStore(input.scope.runName);
      return (await store.getDocument<SnapshotMarker>(undoKeys.snapshotTaken))?.asOf;
    }),
    planUndoPhase: withFailureMapping((input: PlanUndoPhaseInput) => planUndoPhase(deps, input)),
    listNotReversible: withFailureMapping(
      (input: { runName: string; steps?: StepName[] | undefined }) =>
        listNotReversible(deps, input),
    ),
    fetchUndoTrialBalance: withFailureMapping(
      (input: { scope: RunScope; planId: string; asOf: string }) =>
        loggingCalls(deps, input.scope, reportCallSite, input.scope, async () => {
          const store = await deps.openStore(input.scope.runName);
          const api = await deps.api(input.scope.profile);
          const report: ReportName = 'trial-balance';
          const value: unknown = await api.report(report, input.asOf);
          await store.putDocument(undoKeys.trialBalanceAfter(input.planId), value);
        }),
    ),
    verifyUndo: withFailureMapping(
      (input: { scope: RunScope; planId: string; steps?: StepName[] | undefined }) =>
        verifyUndo(deps, input),
    ),
    writeUndoReport: withFailureMapping(
      async (input: {
        runName: string;
        mode: 'dry-run' | 'live';
        plan: UndoPlan;
        calls: number;
        verification?: UndoVerification | undefined;
        outcome: Omit<UndoOutcome, 'reportFolder'>;
      }) => ({
        folder: await writeUndoReport(
          deps.runFolder(input.runName),
          input.plan.planId,
          { ...input, requestsPerMinute: deps.requestsPerMinute },
          input.outcome,
        ),
      }),
    ),
    /** The worker's pace, for the dry run's duration estimate. */
    undoRequestsPerMinute: withFailureMapping(() => Promise.resolve(deps.requestsPerMinute)),
  };
}

export type UndoActivities = ReturnType<typeof createUndoActivities>;
