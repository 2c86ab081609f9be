import {
  allHandlersFinished,
  condition,
  continueAsNew,
  getExternalWorkflowHandle,
  log,
  patched,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import {
  snapshotsOfStep,
  stepPhases,
  type PhaseName,
  type StepName,
  type UnitRef,
} from '../src/migration/contracts/steps.js';
import type {
  PhasePlan,
  RowCounts,
  RunScope,
  StepProgress,
  UnitResult,
} from '../src/migration/contracts/workflow-types.js';
import { apiActivities, failureMessage, failureType, localActivities } from './activity-proxies.js';
import { isPausingFailureType } from '../src/migration/contracts/failure-types.js';
import type { PredictUnitsInput } from '../src/migration/engine/predict-units.js';
import { pauseSignal, resumeSignal, stepPausedSignal, stepProgressSignal } from './handlers.js';

export interface MigrateStepInput {
  scope: RunScope;
  planId: string;
  step: StepName;
  batchSize: number;
  concurrency: number;
  /** Units started before continuing as new (bounds the history). */
  unitsPerRun?: number;
  replay?: { failedCode?: string };
  /** Set by continue-as-new: where the previous run of this step stopped. */
  cursor?: StepCursor;
}

interface StepCursor {
  phaseIndex: number;
  nextUnit: number;
  plan: PhasePlan;
  rows: RowCounts;
  calls: number;
  snapshotsTaken: boolean;
}

export interface StepResult {
  step: StepName;
  rows: RowCounts;
  calls: number;
}

/** Units started in one run of this workflow before it continues as new (bounds its history). */
const UNITS_PER_RUN = 600;
/**
 * A dry run predicts its units in chunks, one activity each, instead of one activity per unit (about
 * 20 ms of orchestration each): large enough that orchestration vanishes, small enough that
 * progress moves every second or so and a retried chunk redoes little.
 */
const DRY_RUN_CHUNK_UNITS = 1000;
/** A dry run's units per workflow run: 200 chunks, about 2,000 history events. */
const DRY_RUN_UNITS_PER_RUN = 200 * DRY_RUN_CHUNK_UNITS;

/**
 * One migration step: snapshot reads, then each phase's units (one API call each) with a sliding
 * window of `concurrency` calls in flight. Rows fail, the step goes on; a credential or quota
 * problem pauses the step until the operator resumes.
 */
export async function migrateStep(input: MigrateStepInput): Promise<StepResult> {
  const { scope, planId, step } = input;
  const api = apiActivities(scope);
  // Dry runs replace every write with its prediction, locally: they spend no rate budget.
  const units = scope.mode === 'live' ? api : localActivities;
  const phases = stepPhases[step] as readonly PhaseName[];
  const cursor = input.cursor;
  // Dry runs started before chunked prediction keep running one activity per unit on replay.
  const inChunks = scope.mode === 'dry-run' && patched('dry-run-in-chunks');

  let paused = false;
  let pauseReason: string | undefined;
  setHandler(pauseSignal, ({ reason }) => {
    paused = true;
    pauseReason = reason ?? 'paused by the operator';
  });
  setHandler(resumeSignal, () => {
    paused = false;
    pauseReason = undefined;
  });

  // Live counts for progress. Units report records finished by their call; for multi-phase steps a
  // record finishes in its last phase. The run replaces these with exact counts after each round.
  const rows: RowCounts = cursor?.rows ?? { planned: 0, done: 0, failed: 0, skipped: 0 };
  let calls = cursor?.calls ?? 0;
  let plan: PhasePlan | undefined = cursor?.plan;
  let unitsDone = cursor?.nextUnit ?? 0;
  let currentPhase: PhaseName | undefined = phases[cursor?.phaseIndex ?? 0];
  let lastReported = -1;

  const parent = workflowInfo().parent;
  const report = async (status: StepProgress['status'], force = false) => {
    if (!parent) return;
    const total = plan?.units ?? 0;
    const every = Math.max(1, Math.ceil(total / 40));
    if (!force && unitsDone - lastReported < every) return;
    lastReported = unitsDone;
    const progress: StepProgress = {
      step,
      status,
      ...(currentPhase ? { phase: currentPhase } : {}),
      rows: { ...rows },
      units: { total, done: unitsDone },
      calls,
    };
    await getExternalWorkflowHandle(parent.workflowId, parent.runId).signal(
      stepProgressSignal,
      progress,
    );
  };

  /** Waits out a pause; tells the run why when the pause came from a failure. */
  const waitWhilePaused = async () => {
    if (!paused) return;
    await report('paused', true);
    await condition(() => !paused);
    await report('running', true);
  };

  /** Runs one unit to completion, reconciling a possibly committed earlier attempt first. */
  const runUnit = async (unit: UnitRef): Promise<void> => {
    for (;;) {
      await waitWhilePaused();
      let result: UnitResult;
      try {
        result = await units.executeUnit({ scope, unit });
      } catch (error) {
        const type = failureType(error);
        if (isPausingFailureType(type)) {
          paused = true;
          pauseReason = `${type}: ${failureMessage(error)}`;
          if (parent) {
            await getExternalWorkflowHandle(parent.workflowId, parent.runId).signal(
              stepPausedSignal,
              { step, reason: pauseReason },
            );
          }
          continue;
        }
        // Retries are exhausted: the unit's rows fail with the reason, and the step goes on.
        const failed = await localActivities.failUnit({
          scope,
          unit,
          code: `unit.${(type ?? 'error').toLowerCase()}`,
          reason: failureMessage(error),
        });
        rows.failed += failed;
        return;
      }
      if (result.kind === 'done') {
        rows.done += result.rows.done;
        rows.failed += result.rows.failed;
        rows.skipped += result.rows.skipped;
        calls += result.calls;
        return;
      }
      for (let lookup = 0; lookup < result.lookups; lookup += 1) {
        let page: number | null = 1;
        while (page !== null) {
          await waitWhilePaused();
          ({ nextPage: page } = await api.reconcileUnit({ scope, unit, lookup, page }));
          calls += 1;
        }
      }
    }
  };

  if (!cursor?.snapshotsTaken && !input.replay) {
    for (const resource of snapshotsOfStep[step]) {
      let page = 1;
      let totalPages = 1;
      while (page <= totalPages) {
        await waitWhilePaused();
        ({ totalPages } = await api.readSnapshotPage({ scope, planId, resource, page }));
        calls += 1;
        page += 1;
      }
    }
  }

  let startedThisRun = 0;
  for (let phaseIndex = cursor?.phaseIndex ?? 0; phaseIndex < phases.length; phaseIndex += 1) {
    const phase = phases[phaseIndex] as PhaseName;
    currentPhase = phase;
    const resuming = cursor !== undefined && phaseIndex === cursor.phaseIndex;
    if (!resuming) {
      plan = await localActivities.planPhase({
        scope,
        planId,
        step,
        phase,
        batchSize: input.batchSize,
        ...(input.replay ? { replay: input.replay } : {}),
      });
      unitsDone = 0;
      // Each phase counts only the step's records it owns (payments in create, credits in theirs).
      rows.planned += plan.rows.planned;
      rows.done += plan.rows.done;
      rows.failed += plan.rows.failed;
      rows.skipped += plan.rows.skipped;
      await report('running', true);
    }
    const total = plan?.units ?? 0;
    let next = resuming ? cursor.nextUnit : 0;
    if (inChunks) {
      const perRun = input.unitsPerRun ?? DRY_RUN_UNITS_PER_RUN;
      while (next < total && startedThisRun < perRun && !workflowInfo().continueAsNewSuggested) {
        await waitWhilePaused();
        const size = Math.min(DRY_RUN_CHUNK_UNITS, total - next, perRun - startedThisRun);
        const chunk: PredictUnitsInput = {
          scope,
          planId,
          step,
          phase,
          from: next,
          to: next + size,
        };
        const predicted = await localActivities.predictUnits(chunk);
        rows.done += predicted.rows.done;
        rows.failed += predicted.rows.failed;
        rows.skipped += predicted.rows.skipped;
        calls += predicted.calls;
        startedThisRun += predicted.next - next;
        next = predicted.next;
        if (predicted.stoppedAt) {
          // The unit whose prediction threw runs alone, with the retries and failure of any unit.
          log.warn('predicting a unit alone', { step, phase, unit: predicted.stoppedAt.index });
          await runUnit({ step, phase, planId, index: predicted.stoppedAt.index });
          next = predicted.stoppedAt.index + 1;
          startedThisRun += 1;
        }
        unitsDone = next;
        await report('running', true);
      }
    }
    const inFlight = new Set<Promise<void>>();
    while (next < total || inFlight.size > 0) {
      while (
        !inChunks &&
        next < total &&
        inFlight.size < input.concurrency &&
        startedThisRun < (input.unitsPerRun ?? UNITS_PER_RUN) &&
        !workflowInfo().continueAsNewSuggested
      ) {
        await waitWhilePaused();
        const unit: UnitRef = { step, phase, planId, index: next };
        next += 1;
        startedThisRun += 1;
        const running: Promise<void> = runUnit(unit).then(async () => {
          inFlight.delete(running);
          unitsDone += 1;
          await report('running');
        });
        inFlight.add(running);
      }
      if (inFlight.size === 0) break;
      await Promise.race(inFlight);
    }
    if (next < total) {
      // History stays bounded: hand the rest of this phase to a fresh run.
      await condition(allHandlersFinished);
      log.info('continuing step as new', { step, phase, next });
      return continueAsNew<typeof migrateStep>({
        ...input,
        cursor: {
          phaseIndex,
          nextUnit: next,
          plan: plan as PhasePlan,
          rows,
          calls,
          snapshotsTaken: true,
        },
      });
    }
  }

  await report('done', true);
  return { step, rows, calls };
}
