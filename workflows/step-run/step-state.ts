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
 * Everything one execution of migrateStep knows, as its parts see it: read-only. Only migrateStep
 * changes it, through the transitions below (which take `StepState`, its writable form).
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

/** Marks the writable form: a `StepRun` a part is given cannot pass for it. */
declare const stepOwner: unique symbol;

/**
 * The step's writable form. `openStepRun` gives it to migrateStep alone (workflows/migrate-step.ts),
 * and the transitions below take only it: the parts migrateStep calls take the read-only `StepRun`
 * and yield what happened (`StepWork`), which migrateStep applies.
 */
export type StepState = { -readonly [K in keyof StepRun]: StepRun[K] } & {
  rows: RowCounts;
  readonly [stepOwner]: true;
};

/** What a part of the step did or needs, in order; migrateStep applies each (migrate-step.ts). */
export type StepWork =
  /** The part is about to make a call: the step waits here while it is paused. */
  | { kind: 'next-call' }
  /** Calls made that settle no rows (snapshot reads). */
  | { kind: 'calls'; calls: number }
  /** Units this execution started (continue-as-new bounds them), and the next unit to start. */
  | { kind: 'started'; units: number; next: number }
  /** Rows settled by a unit or a chunk of predictions, and the calls it made. */
  | { kind: 'settled'; rows: SettledRows; calls: number }
  /** A unit's attempt hit a credential or quota problem: the step pauses and tells the run. */
  | { kind: 'pausing'; reason: string; attemptStartedAt: number; calls: number }
  /** The phase's units are done up to here; `force` reports it to the run at once. */
  | { kind: 'done-to'; unitsDone: number; force: boolean };

/** Finished, failed and skipped rows (not planned ones). */
export type SettledRows = Omit<RowCounts, 'planned'>;

export function openStepRun(input: MigrateStepInput): StepState {
  const { scope, step, cursor } = input;
  const api = apiActivities(scope);
  const fresh: Omit<StepState, typeof stepOwner> = {
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
  return fresh as StepState;
}

/** A dry run predicts its units in chunks (see predict-in-chunks.ts); a live run sends each. */
export function predictsInChunks(input: MigrateStepInput): boolean {
  return input.scope.mode === 'dry-run';
}

// The transitions: every change of a step's state, named for what happened.

/** Adds finished, failed and skipped rows (not planned ones) to the step's live counts. */
export function addSettledRows(run: StepState, rows: SettledRows): void {
  const counts = run.rows;
  counts.done += rows.done;
  counts.failed += rows.failed;
  counts.skipped += rows.skipped;
}

/** API calls (or predicted calls) the step made. */
export function addStepCalls(run: StepState, calls: number): void {
  run.calls += calls;
}

/** The step moves on to a phase (before it plans it). */
export function enterStepPhase(run: StepState, phase: PhaseName): void {
  run.currentPhase = phase;
}

/** A phase's plan: its units start from 0, and the rows it owns count as planned. */
export function recordPhasePlan(run: StepState, plan: PhasePlan): void {
  run.plan = plan;
  run.unitsDone = 0;
  // Each phase counts only the step's records it owns (payments in create, credits in theirs).
  run.rows.planned += plan.rows.planned;
  addSettledRows(run, plan.rows);
}

/** Units this execution started (continue-as-new bounds them). */
export function countUnitsStarted(run: StepState, units: number): void {
  run.startedThisRun += units;
}

export function recordUnitsDone(run: StepState, unitsDone: number): void {
  run.unitsDone = unitsDone;
}

/** Progress was just reported to the run at the current units done. */
export function recordReported(run: StepState): void {
  run.lastReported = run.unitsDone;
}

/** The step pauses (the run's pause, or its own on a credential or quota problem). */
export function recordStepPause(run: StepState, reason: string): void {
  run.paused = true;
  run.pauseReason = reason;
}

export function recordStepResume(run: StepState): void {
  run.paused = false;
  run.pauseReason = undefined;
}
