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
 * Everything one execution of undoRun knows, as its parts see it: read-only. Only the transitions
 * below change it (`UndoState` is its writable form, private to this module).
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
  /** Units started by this execution (continue-as-new bounds them). */
  readonly startedThisRun: number;
  readonly paused: boolean;
  readonly pauseReason: string | undefined;
  /** Workflow time of the operator's last resume (see ledger-run/pause-and-resume.ts). */
  readonly lastResumedAt: number | undefined;
}

type UndoState = { -readonly [K in keyof UndoRun]: UndoRun[K] } & { groups: UndoGroup[] };

function writable(run: UndoRun): UndoState {
  return run as UndoState;
}

export function openUndoRun(
  input: UndoInput,
  scope: RunScope,
  planId: string,
  cursor: UndoCursor | undefined,
): UndoRun {
  return {
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
    startedThisRun: 0,
    paused: false,
    pauseReason: undefined,
    lastResumedAt: undefined,
  };
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
      planned: run.groups.reduce((sum, group) => sum + group.units, 0),
    },
    calls: run.calls,
    ...(run.paused && run.pauseReason ? { pauseReason: run.pauseReason } : {}),
  };
}

/** Shows the undo's progress in the Temporal UI's details panel (no history event). */
function showUndoDetails(run: UndoRun): void {
  setCurrentDetails(renderUndoDetails(undoProgressOf(run)));
}

// The transitions: every change of an undo's state, named for what happened.

export function setUndoState(run: UndoRun, state: UndoProgress['state']): void {
  writable(run).state = state;
  showUndoDetails(run);
}

/** API calls the undo made. */
export function addUndoCalls(run: UndoRun, calls: number): void {
  writable(run).calls += calls;
}

/** A phase's groups, planned (or read back from an earlier execution's plan). */
export function recordPlannedGroups(run: UndoRun, groups: readonly UndoGroup[]): void {
  writable(run).groups.push(...groups);
}

/** The current phase is done: the next one starts at its first group. */
export function finishUndoPhase(run: UndoRun): void {
  const state = writable(run);
  state.phaseIndex += 1;
  state.groupIndex = 0;
  state.nextUnit = 0;
}

/** The current group is done: the next one starts at its first unit. */
export function finishUndoGroup(run: UndoRun): void {
  const state = writable(run);
  state.groupIndex += 1;
  state.nextUnit = 0;
}

/** Starts the current group's next unit; answers its index. */
export function startUndoUnit(run: UndoRun): number {
  const state = writable(run);
  const index = state.nextUnit;
  state.nextUnit += 1;
  state.startedThisRun += 1;
  return index;
}

export function recordUndoUnitDone(run: UndoRun): void {
  writable(run).unitsDone += 1;
  showUndoDetails(run);
}

export function recordUndoPause(run: UndoRun, reason: string): void {
  const state = writable(run);
  state.paused = true;
  state.pauseReason = reason;
  showUndoDetails(run);
}

/** Resumes the undo at the given workflow time. */
export function recordUndoResume(run: UndoRun, at: number): void {
  const state = writable(run);
  state.paused = false;
  state.pauseReason = undefined;
  state.lastResumedAt = at;
  showUndoDetails(run);
}
