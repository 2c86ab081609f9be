import { condition, setCurrentDetails } from '@temporalio/workflow';
import {
  undoPhases,
  type UndoCursor,
  type UndoGroup,
  type UndoInput,
  type UndoProgress,
} from '../../src/migration/contracts/undo-types.js';
import type { RunScope } from '../../src/migration/contracts/workflow-types.js';
import { answeredByLastResume } from '../handlers.js';
import { renderUndoDetails } from './render-undo-details.js';

/**
 * One execution of undoRun: what it knows and every change to it. undoRun creates it and hands it
 * to the reversal window and each unit's attempt; they read its getters and change it only through
 * its methods. The details panel shows it as it changes.
 */
export class UndoRun {
  readonly input: UndoInput;
  readonly scope: RunScope;
  readonly planId: string;
  #state: UndoProgress['state'] = 'planning';
  /** The phase, group and unit to run next (the cursor an execution continues as new with). */
  #phaseIndex: number;
  #groupIndex: number;
  #nextUnit: number;
  /** The groups of the phases planned so far, in the order they run. */
  readonly #groups: UndoGroup[] = [];
  #calls: number;
  #unitsDone: number;
  /**
   * Units planned, as the execution before this one knew them: a status asked while this one reads
   * its plan back must not show more done than planned.
   */
  readonly #unitsPlannedBefore: number;
  /** Units started by this execution (continue-as-new bounds them). */
  #startedThisRun = 0;
  #paused = false;
  #pauseReason: string | undefined;
  /** Workflow time of the operator's last resume (see `answeredByLastResume`, workflows/handlers.ts). */
  #lastResumedAt: number | undefined;

  constructor(input: UndoInput, scope: RunScope, planId: string, cursor: UndoCursor | undefined) {
    this.input = input;
    this.scope = scope;
    this.planId = planId;
    this.#phaseIndex = cursor?.phaseIndex ?? 0;
    this.#groupIndex = cursor?.groupIndex ?? 0;
    this.#nextUnit = cursor?.nextUnit ?? 0;
    this.#calls = cursor?.calls ?? 0;
    this.#unitsDone = cursor?.unitsDone ?? 0;
    this.#unitsPlannedBefore = cursor?.unitsPlanned ?? cursor?.unitsDone ?? 0;
  }

  get phaseIndex(): number {
    return this.#phaseIndex;
  }

  get groupIndex(): number {
    return this.#groupIndex;
  }

  get nextUnit(): number {
    return this.#nextUnit;
  }

  get groups(): readonly UndoGroup[] {
    return this.#groups;
  }

  get calls(): number {
    return this.#calls;
  }

  get startedThisRun(): number {
    return this.#startedThisRun;
  }

  get paused(): boolean {
    return this.#paused;
  }

  /** The units of the groups planned (or read back) by this execution so far. */
  get unitsPlanned(): number {
    return this.#groups.reduce((sum, group) => sum + group.units, 0);
  }

  progress(): UndoProgress {
    const phase = undoPhases[this.#phaseIndex];
    const state = this.#state;
    return {
      runName: this.input.runName,
      mode: this.input.mode,
      state: this.#paused ? 'paused' : state,
      ...(phase && (state === 'planning' || state === 'reversing') ? { phase } : {}),
      phaseNumber: Math.min(this.#phaseIndex + 1, undoPhases.length),
      phases: undoPhases.length,
      units: {
        done: this.#unitsDone,
        planned: Math.max(this.unitsPlanned, this.#unitsPlannedBefore),
      },
      calls: this.#calls,
      ...(this.#paused && this.#pauseReason ? { pauseReason: this.#pauseReason } : {}),
    };
  }

  /** Where the next execution goes on, with the snapshot's date. */
  cursor(asOf: string): UndoCursor {
    return {
      planId: this.planId,
      asOf,
      phaseIndex: this.#phaseIndex,
      groupIndex: this.#groupIndex,
      nextUnit: this.#nextUnit,
      calls: this.#calls,
      unitsDone: this.#unitsDone,
      unitsPlanned: this.unitsPlanned,
    };
  }

  /** Waits until the undo is not paused: a call is never started while it is. */
  async untilRunning(): Promise<void> {
    if (this.#paused) await condition(() => !this.#paused);
  }

  enter(state: UndoProgress['state']): void {
    this.#state = state;
    this.#show();
  }

  /** API calls the undo made. */
  addCalls(calls: number): void {
    this.#calls += calls;
  }

  /** A phase's groups, planned (or read back from an earlier execution's plan). */
  planned(groups: readonly UndoGroup[]): void {
    this.#groups.push(...groups);
  }

  /** The current phase is done: the next one starts at its first group. */
  finishPhase(): void {
    this.#phaseIndex += 1;
    this.#groupIndex = 0;
    this.#nextUnit = 0;
  }

  /** The current group is done: the next one starts at its first unit. */
  finishGroup(): void {
    this.#groupIndex += 1;
    this.#nextUnit = 0;
  }

  /** Starts the current group's next unit. */
  startUnit(): void {
    this.#nextUnit += 1;
    this.#startedThisRun += 1;
  }

  unitDone(): void {
    this.#unitsDone += 1;
    this.#show();
  }

  pause(reason: string): void {
    this.#paused = true;
    this.#pauseReason = reason;
    this.#show();
  }

  /** Resumes the undo at the given workflow time. */
  resume(at: number): void {
    this.#paused = false;
    this.#pauseReason = undefined;
    this.#lastResumedAt = at;
    this.#show();
  }

  /**
   * A credential or quota problem pauses the undo until the operator resumes; as in a migration,
   * a failure of an attempt scheduled before the operator's last resume does not pause again: the
   * operator has acted since, so it is just tried again.
   */
  pauseFor(reason: string, attemptStartedAt: number): void {
    const since = { paused: this.#paused, lastResumedAt: this.#lastResumedAt };
    if (!answeredByLastResume(since, attemptStartedAt)) this.pause(reason);
  }

  /** Shows the undo's progress in the Temporal UI's details panel (no history event). */
  #show(): void {
    setCurrentDetails(renderUndoDetails(this.progress()));
  }
}
