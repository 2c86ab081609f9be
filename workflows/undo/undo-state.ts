import { setCurrentDetails } from '@temporalio/workflow';
import {
  undoPhases,
  type UndoCursor,
  type UndoGroup,
  type UndoInput,
  type UndoProgress,
} from '../../src/migration/contracts/undo-types.js';
import type { RunScope } from '../../src/migration/contracts/workflow-types.js';
import { renderUndoDetails } from './render-undo-details.js';

/**
 * Everything one execution of undoRun knows, as its parts see it: read-only. Only undoRun changes
 * it, through the transitions below (which take `UndoState`, its writable form).
 */
export interface UndoRun {
  readonly input: UndoInput;
  readonly scope: RunScope;
  readonly planId: string;
  readonly state: UndoProgress['state'];
  /** The phase, group and unit to run next (the cursor an execution continues as new with). */
  readonly phaseIndex: number;
  readonly groupIndex: number;
  readonly nextUnit: number;
  /** The groups of the phases planned so far, in the order they run. */
  readonly groups: readonly UndoGroup[];
  readonly calls: number;
  readonly unitsDone: number;
  /**
   * Units planned, as the execution before this one knew them: a status asked while this one reads
   * its plan back must not show more done than planned.
   */
  readonly unitsPlannedBefore: number;
  /** Units started by this execution (continue-as-new bounds them). */
  readonly startedThisRun: number;
  readonly paused: boolean;
  readonly pauseReason: string | undefined;
  /** Workflow time of the operator's last resume (see ledger-run/pause-and-resume.ts). */
  readonly lastResumedAt: number | undefined;
}

/** Marks the writable form: an `UndoRun` a part is given cannot pass for it. */
declare const undoOwner: unique symbol;

/**
 * The undo's writable form. `openUndoRun` gives it to undoRun alone (workflows/undo-run.ts), and
 * the transitions below take only it: the parts undoRun calls take the read-only `UndoRun` and
 * yield what happened (`UndoWork`), which undoRun applies.
 */
export type UndoState = { -readonly [K in keyof UndoRun]: UndoRun[K] } & {
  groups: UndoGroup[];
  readonly [undoOwner]: true;
};

/** What the reversal window did or needs, in order; undoRun applies each (undo-run.ts). */
export type UndoWork =
  /** The window is about to start a unit: the undo waits here while it is paused. */
  | { kind: 'next-call' }
  /** The window starts the current group's next unit. */
  | { kind: 'started' }
  /** API calls a unit's attempt made. */
  | { kind: 'calls'; calls: number }
  /** A unit's attempt hit a credential or quota problem: the undo pauses (unless answered). */
  | { kind: 'pausing'; reason: string; attemptStartedAt: number }
  | { kind: 'unit-done' }
  | { kind: 'group-done' };

export function openUndoRun(
  input: UndoInput,
  scope: RunScope,
  planId: string,
  cursor: UndoCursor | undefined,
): UndoState {
  const fresh: Omit<UndoState, typeof undoOwner> = {
    input,
    scope,
    planId,
    state: 'planning',
    phaseIndex: cursor?.phaseIndex ?? 0,
    groupIndex: cursor?.groupIndex ?? 0,
    nextUnit: cursor?.nextUnit ?? 0,
    groups: [],
    calls: cursor?.calls ?? 0,
    unitsDone: cursor?.unitsDone ?? 0,
    unitsPlannedBefore: cursor?.unitsPlanned ?? cursor?.unitsDone ?? 0,
    startedThisRun: 0,
    paused: false,
    pauseReason: undefined,
    lastResumedAt: undefined,
  };
  return fresh as UndoState;
}

export function undoProgressOf(run: UndoRun): UndoProgress {
  const phase = undoPhases[run.phaseIndex];
  return {
    runName: run.input.runName,
    mode: run.input.mode,
    state: run.paused ? 'paused' : run.state,
    ...(phase && (run.state === 'planning' || run.state === 'reversing') ? { phase } : {}),
    phaseNumber: Math.min(run.phaseIndex + 1, undoPhases.length),
    phases: undoPhases.length,
    units: {
      done: run.unitsDone,
      planned: Math.max(unitsPlanned(run), run.unitsPlannedBefore),
    },
    calls: run.calls,
    ...(run.paused && run.pauseReason ? { pauseReason: run.pauseReason } : {}),
  };
}

/** The units of the groups planned (or read back) by this execution so far. */
export function unitsPlanned(run: UndoRun): number {
  return run.groups.reduce((sum, group) => sum + group.units, 0);
}

/** Shows the undo's progress in the Temporal UI's details panel (no history event). */
function showUndoDetails(run: UndoRun): void {
  setCurrentDetails(renderUndoDetails(undoProgressOf(run)));
}

// The transitions: every change of an undo's state, named for what happened.

export function setUndoState(run: UndoState, state: UndoProgress['state']): void {
  run.state = state;
  showUndoDetails(run);
}

/** API calls the undo made. */
export function addUndoCalls(run: UndoState, calls: number): void {
  run.calls += calls;
}

/** A phase's groups, planned (or read back from an earlier execution's plan). */
export function recordPlannedGroups(run: UndoState, groups: readonly UndoGroup[]): void {
  run.groups.push(...groups);
}

/** The current phase is done: the next one starts at its first group. */
export function finishUndoPhase(run: UndoState): void {
  run.phaseIndex += 1;
  run.groupIndex = 0;
  run.nextUnit = 0;
}

/** The current group is done: the next one starts at its first unit. */
export function finishUndoGroup(run: UndoState): void {
  run.groupIndex += 1;
  run.nextUnit = 0;
}

/** Starts the current group's next unit. */
export function startUndoUnit(run: UndoState): void {
  run.nextUnit += 1;
  run.startedThisRun += 1;
}

export function recordUndoUnitDone(run: UndoState): void {
  run.unitsDone += 1;
  showUndoDetails(run);
}

export function recordUndoPause(run: UndoState, reason: string): void {
  run.paused = true;
  run.pauseReason = reason;
  showUndoDetails(run);
}

/** Resumes the undo at the given workflow time. */
export function recordUndoResume(run: UndoState, at: number): void {
  run.paused = false;
  run.pauseReason = undefined;
  run.lastResumedAt = at;
  showUndoDetails(run);
}
