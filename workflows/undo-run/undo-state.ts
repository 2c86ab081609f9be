import { setCurrentDetails } from '@temporalio/workflow';
import {
  undoPhases,
  type UndoCursor,
  type UndoGroup,
  type UndoInput,
  type UndoProgress,
} from '../../src/migration/contracts/undo.js';
import type { RunScope } from '../../src/migration/contracts/workflow-types.js';
import { renderUndoDetails } from './render-undo-details.js';

/** Everything one execution of undoRun knows; its handlers and loops share it. */
export interface UndoRun {
  readonly input: UndoInput;
  readonly scope: RunScope;
  readonly planId: string;
  state: UndoProgress['state'];
  /** The phase, group and unit to run next (the cursor an execution continues as new with). */
  phaseIndex: number;
  groupIndex: number;
  nextUnit: number;
  /** The groups of the phases planned so far, in the order they run. */
  groups: UndoGroup[];
  calls: number;
  unitsDone: number;
  /** Units started by this execution (continue-as-new bounds them). */
  startedThisRun: number;
  paused: boolean;
  pauseReason: string | undefined;
  /** Workflow time of the operator's last resume (see ledger-run/pause-and-resume.ts). */
  lastResumedAt: number | undefined;
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
export function showUndoDetails(run: UndoRun): void {
  setCurrentDetails(renderUndoDetails(undoProgressOf(run)));
}

export function setUndoState(run: UndoRun, state: UndoProgress['state']): void {
  run.state = state;
  showUndoDetails(run);
}
