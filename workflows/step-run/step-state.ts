import { workflowInfo, type ParentWorkflowInfo } from '@temporalio/workflow';
import { stepPhases, type PhaseName, type StepName } from '../../src/migration/contracts/steps.js';
import type {
  PhasePlan,
  RowCounts,
  RunScope,
} from '../../src/migration/contracts/workflow-types.js';
import { apiActivities, localActivities } from '../activity-proxies.js';

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

/** The workflow's signature, for continue-as-new (which must not import the workflow itself). */
export type MigrateStepWorkflow = (input: MigrateStepInput) => Promise<StepResult>;

/**
 * Everything one execution of migrateStep knows, as its parts see it: read-only. Only the
 * transitions below change it (`StepState` is its writable form, private to this module).
 */
export interface StepRun {
  readonly input: MigrateStepInput;
  readonly api: ReturnType<typeof apiActivities>;
  /** Where units go: the API in a live run; a dry run predicts them locally. */
  readonly units: ReturnType<typeof apiActivities>;
  readonly parent: ParentWorkflowInfo | undefined;
  readonly paused: boolean;
  readonly pauseReason: string | undefined;
  /**
   * Live counts for progress. Units report records finished by their call; for multi-phase steps
   * a record finishes in its last phase. The run replaces these with exact counts after each round.
   */
  readonly rows: Readonly<RowCounts>;
  readonly calls: number;
  readonly plan: PhasePlan | undefined;
  readonly unitsDone: number;
  readonly currentPhase: PhaseName | undefined;
  /** Units done when progress was last reported to the run. */
  readonly lastReported: number;
  /** Units started in this execution (continue-as-new bounds them). */
  readonly startedThisRun: number;
}

type StepState = { -readonly [K in keyof StepRun]: StepRun[K] } & { rows: RowCounts };

/** Readonly fields are still assignable in TypeScript: this names the one place that writes. */
function writable(run: StepRun): StepState {
  return run;
}

export function openStepRun(input: MigrateStepInput): StepRun {
  const { scope, step, cursor } = input;
  const api = apiActivities(scope);
  return {
    input,
    api,
    // Dry runs replace every write with its prediction, locally: they spend no rate budget.
    units: scope.mode === 'live' ? api : localActivities,
    parent: workflowInfo().parent,
    paused: false,
    pauseReason: undefined,
    rows: cursor?.rows ?? { planned: 0, done: 0, failed: 0, skipped: 0 },
    calls: cursor?.calls ?? 0,
    plan: cursor?.plan,
    unitsDone: cursor?.nextUnit ?? 0,
    currentPhase: stepPhases[step][cursor?.phaseIndex ?? 0],
    lastReported: -1,
    startedThisRun: 0,
  };
}

/** A dry run predicts its units in chunks (see predict-in-chunks.ts); a live run sends each. */
export function predictsInChunks(input: MigrateStepInput): boolean {
  return input.scope.mode === 'dry-run';
}

// The transitions: every change of a step's state, named for what happened.

/** Adds finished, failed and skipped rows (not planned ones) to the step's live counts. */
export function addSettledRows(run: StepRun, rows: Omit<RowCounts, 'planned'>): void {
  const counts = writable(run).rows;
  counts.done += rows.done;
  counts.failed += rows.failed;
  counts.skipped += rows.skipped;
}

/** API calls (or predicted calls) the step made. */
export function addStepCalls(run: StepRun, calls: number): void {
  writable(run).calls += calls;
}

/** The step moves on to a phase (before it plans it). */
export function enterStepPhase(run: StepRun, phase: PhaseName): void {
  writable(run).currentPhase = phase;
}

/** A phase's plan: its units start from 0, and the rows it owns count as planned. */
export function recordPhasePlan(run: StepRun, plan: PhasePlan): void {
  const state = writable(run);
  state.plan = plan;
  state.unitsDone = 0;
  // Each phase counts only the step's records it owns (payments in create, credits in theirs).
  state.rows.planned += plan.rows.planned;
  addSettledRows(run, plan.rows);
}

/** Units this execution started (continue-as-new bounds them). */
export function countUnitsStarted(run: StepRun, units: number): void {
  writable(run).startedThisRun += units;
}

export function recordUnitsDone(run: StepRun, unitsDone: number): void {
  writable(run).unitsDone = unitsDone;
}

/** Progress was just reported to the run at the current units done. */
export function recordReported(run: StepRun): void {
  const state = writable(run);
  state.lastReported = state.unitsDone;
}

/** The step pauses (the run's pause, or its own on a credential or quota problem). */
export function recordStepPause(run: StepRun, reason: string): void {
  const state = writable(run);
  state.paused = true;
  state.pauseReason = reason;
}

export function recordStepResume(run: StepRun): void {
  const state = writable(run);
  state.paused = false;
  state.pauseReason = undefined;
}
