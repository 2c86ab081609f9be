import { workflowInfo } from '@temporalio/workflow';
import { asEnginePhase, type UndoGroup } from '../../src/migration/contracts/undo-types.js';
import { runUndoUnit } from './run-undo-unit.js';
import { waitWhileUndoPaused } from './undo-pause.js';
import { finishUndoGroup, recordUndoUnitDone, startUndoUnit, type UndoRun } from './undo-state.js';

/** Reversal calls in flight at once within a group (the queue's pace still rules). */
const WINDOW = 4;
/**
 * Units one execution starts before it continues as new: a unit adds about seven history events,
 * so the history stays near 4,000 events whatever the size of the undo.
 */
const UNDO_UNITS_PER_RUN = 500;

/**
 * Runs a phase's groups from the run's cursor on (group by group, a sliding window of units in
 * each), until they are done (answers true) or this execution has started its share of units
 * (answers false, with the cursor at the first unit not started and nothing left in flight).
 */
export async function reverseGroups(run: UndoRun, groups: readonly UndoGroup[]): Promise<boolean> {
  const perRun = run.input.unitsPerRun ?? UNDO_UNITS_PER_RUN;
  const mayStart = () => run.startedThisRun < perRun && !workflowInfo().continueAsNewSuggested;
  while (run.groupIndex < groups.length) {
    const group = groups[run.groupIndex] as UndoGroup;
    const inFlight = new Set<Promise<void>>();
    while (run.nextUnit < group.units || inFlight.size > 0) {
      while (run.nextUnit < group.units && inFlight.size < WINDOW && mayStart()) {
        await waitWhileUndoPaused(run);
        const index = startUndoUnit(run);
        const unit = {
          step: group.step,
          phase: asEnginePhase(group.phase),
          planId: run.planId,
          index,
        };
        const running: Promise<void> = runUndoUnit(run, unit).then(() => {
          inFlight.delete(running);
          recordUndoUnitDone(run);
        });
        inFlight.add(running);
      }
      if (inFlight.size === 0) break;
      await Promise.race(inFlight);
    }
    if (run.nextUnit < group.units) return false;
    finishUndoGroup(run);
  }
  return true;
}
