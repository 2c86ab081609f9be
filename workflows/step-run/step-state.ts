import {
  condition,
  getExternalWorkflowHandle,
  workflowInfo,
  type ParentWorkflowInfo,
} from '@temporalio/workflow';
import { stepPhases, type PhaseName, type StepName } from '../../src/migration/contracts/steps.js';
import type {
  PhasePlan,
  RowCounts,
  RunScope,
  StepProgress,
} from '../../src/migration/contracts/workflow-types.js';
import { apiActivities, localActivities } from '../activity-proxies.js';
import { stepPausedSignal, stepProgressSignal } from '../handlers.js';

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

/** Finished, failed and skipped rows (not planned ones). */
export type SettledRows = Omit<RowCounts, 'planned'>;

/** Progress reports per phase, at most (plus the forced ones: phase start, pause, end). */
const REPORTS_PER_PHASE = 40;

/**
 * One execution of migrateStep: what it knows and every change to it. migrateStep creates it and
 * hands it to the parts that run the step (snapshot reads, the unit window, predictions in chunks);
 * they read its getters and change it only through its methods. It tells the run where the step
 * stands (the stepProgress and stepPaused signals), and never starts a call while paused.
 */
export class StepRun {
  readonly input: MigrateStepInput;
  readonly api: ReturnType<typeof apiActivities>;
  /** Where units go: the API in a live run; a dry run predicts them locally. */
  readonly units: ReturnType<typeof apiActivities>;
  readonly #parent: ParentWorkflowInfo | undefined;
  #paused = false;
  /**
   * Live counts for progress. Units report records finished by their call; for multi-phase steps
   * a record finishes in its last phase. The run replaces these with exact counts after each round.
   */
  readonly #rows: RowCounts;
  #calls: number;
  #plan: PhasePlan | undefined;
  #unitsDone: number;
  #currentPhase: PhaseName | undefined;
  /** Units done when progress was last reported to the run. */
  #lastReported = -1;
  /** Units started in this execution (continue-as-new bounds them). */
  #startedThisRun = 0;
  /** Progress reports sent while the unit window goes on: awaited before the phase ends. */
  readonly #reportsUnderWay = new Set<Promise<void>>();

  constructor(input: MigrateStepInput) {
    const { scope, step, cursor } = input;
    this.input = input;
    this.api = apiActivities(scope);
    // Dry runs replace every write with its prediction, locally: they spend no rate budget.
    this.units = scope.mode === 'live' ? this.api : localActivities;
    this.#parent = workflowInfo().parent;
    this.#rows = { ...(cursor?.rows ?? { planned: 0, done: 0, failed: 0, skipped: 0 }) };
    this.#calls = cursor?.calls ?? 0;
    this.#plan = cursor?.plan;
    this.#unitsDone = cursor?.nextUnit ?? 0;
    this.#currentPhase = stepPhases[step][cursor?.phaseIndex ?? 0];
  }

  get paused(): boolean {
    return this.#paused;
  }

  /** Units planned in the current phase. */
  get plannedUnits(): number {
    return this.#plan?.units ?? 0;
  }

  get unitsDone(): number {
    return this.#unitsDone;
  }

  get startedThisRun(): number {
    return this.#startedThisRun;
  }

  /** A dry run predicts its units in chunks (see predict-in-chunks.ts); a live run sends each. */
  get predictsInChunks(): boolean {
    return this.input.scope.mode === 'dry-run';
  }

  /** Where the next execution goes on: the given phase, from the given unit. */
  cursorAt(phaseIndex: number, nextUnit: number): StepCursor {
    if (!this.#plan) throw new Error('The step has planned no phase yet.');
    return {
      phaseIndex,
      nextUnit,
      plan: this.#plan,
      rows: { ...this.#rows },
      calls: this.#calls,
      snapshotsTaken: true,
    };
  }

  result(): StepResult {
    return { step: this.input.step, rows: { ...this.#rows }, calls: this.#calls };
  }

  /** Waits until the step is not paused: a call is never started while it is. */
  async untilRunning(): Promise<void> {
    if (this.#paused) await condition(() => !this.#paused);
  }

  /** The step moves on to a phase (before it plans it). */
  enterPhase(phase: PhaseName): void {
    this.#currentPhase = phase;
  }

  /** A phase's plan: its units start from 0, and the rows it owns count as planned. */
  planned(plan: PhasePlan): void {
    this.#plan = plan;
    this.#unitsDone = 0;
    // Each phase counts only the step's records it owns (payments in create, credits in theirs).
    this.#rows.planned += plan.rows.planned;
    this.settled(plan.rows, 0);
  }

  /** Units this execution started (continue-as-new bounds them). */
  unitsStarted(units: number): void {
    this.#startedThisRun += units;
  }

  /** API calls (or predicted calls) that settled no rows: snapshot reads. */
  addCalls(calls: number): void {
    this.#calls += calls;
  }

  /** Rows settled by a unit or a chunk of predictions, and the calls it made. */
  settled(rows: SettledRows, calls: number): void {
    this.#rows.done += rows.done;
    this.#rows.failed += rows.failed;
    this.#rows.skipped += rows.skipped;
    this.#calls += calls;
  }

  /**
   * One more of the phase's units is done: the run hears of it when another fortieth is, while the
   * window goes on.
   */
  unitDone(): void {
    this.#unitsDone += 1;
    const sending = this.report('running', false);
    this.#reportsUnderWay.add(sending);
    sending.then(
      () => this.#reportsUnderWay.delete(sending),
      () => undefined,
    );
  }

  /** The phase's units are done up to `unitsDone`: the run hears of it at once. */
  async doneTo(unitsDone: number): Promise<void> {
    this.#unitsDone = unitsDone;
    await this.report('running', true);
  }

  /** Waits for the progress reports still under way (before a phase ends). */
  async reportsSent(): Promise<void> {
    await Promise.all(this.#reportsUnderWay);
  }

  /** The run paused the step. */
  async pause(): Promise<void> {
    this.#paused = true;
    await this.report('paused', true);
  }

  /** The run resumed the step. */
  async resume(): Promise<void> {
    if (!this.#paused) return;
    this.#paused = false;
    await this.report('running', true);
  }

  /**
   * A unit's attempt hit a credential or quota problem after so many calls: the step pauses and
   * tells the run why, with the workflow time the attempt was scheduled at.
   */
  async pauseOn(problem: {
    reason: string;
    attemptStartedAt: number;
    calls: number;
  }): Promise<void> {
    this.addCalls(problem.calls);
    this.#paused = true;
    const parent = this.#parent;
    if (parent) {
      await getExternalWorkflowHandle(parent.workflowId, parent.runId).signal(stepPausedSignal, {
        step: this.input.step,
        reason: problem.reason,
        attemptStartedAt: problem.attemptStartedAt,
      });
    }
    await this.report('paused', true);
  }

  /**
   * Tells the run where the step stands: when forced, or once another fortieth of the phase's
   * units is done. A running step the run paused reports itself paused.
   */
  async report(status: StepProgress['status'], force: boolean): Promise<void> {
    const parent = this.#parent;
    if (!parent) return;
    const total = this.plannedUnits;
    const every = Math.max(1, Math.ceil(total / REPORTS_PER_PHASE));
    if (!force && this.#unitsDone - this.#lastReported < every) return;
    const progress: StepProgress = {
      step: this.input.step,
      status: status === 'running' && this.#paused ? 'paused' : status,
      ...(this.#currentPhase ? { phase: this.#currentPhase } : {}),
      rows: { ...this.#rows },
      units: { total, done: this.#unitsDone },
      calls: this.#calls,
    };
    this.#lastReported = this.#unitsDone;
    await getExternalWorkflowHandle(parent.workflowId, parent.runId).signal(
      stepProgressSignal,
      progress,
    );
  }
}
