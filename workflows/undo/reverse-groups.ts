import { workflowInfo } from '@temporalio/workflow';
import type { UnitRef } from '../../src/migration/contracts/steps.js';
import { asEnginePhase, type UndoGroup } from '../../src/migration/contracts/undo-types.js';
import { AttemptsInFlight } from '../attempts-in-flight.js';
import { attemptUndoUnit } from './run-undo-unit.js';
import type { UndoRun } from './undo-state.js';

/** Reversal calls in flight at once within a group (the queue's pace still rules). */
const WINDOW = 4;
/**
 * Units one execution starts before it continues as new: a unit adds about seven history events,
 * so the history stays near 4,000 events whatever the size of the undo.
 */
const UNDO_UNITS_PER_RUN = 500;

/**
 * Runs a phase's groups from the run's cursor on, group by group, a sliding window of units in
 * each, until they are done or this execution has started its share of units (the cursor is then
 * at the first unit not started, with nothing left in flight). An attempt that pauses the undo is
 * tried again, in the same place in the window.
 */
export async function reverseGroups(run: UndoRun, groups: readonly UndoGroup[]): Promise<void> {
  const perRun = run.input.unitsPerRun ?? UNDO_UNITS_PER_RUN;
  const mayStart = () => run.startedThisRun < perRun && !workflowInfo().continueAsNewSuggested;
  while (run.groupIndex < groups.length) {
    const group = groups[run.groupIndex] as UndoGroup;
    const inFlight = new AttemptsInFlight((unit: UnitRef) => attemptUndoUnit(run, unit));
    while (run.nextUnit < group.units || inFlight.size > 0) {
      while (run.nextUnit < group.units && inFlight.size < WINDOW && mayStart()) {
        await run.untilRunning();
        const unit: UnitRef = {
          step: group.step,
          phase: asEnginePhase(group.phase),
          planId: run.planId,
          index: run.nextUnit,
        };
        run.startUnit();
        inFlight.launch(unit);
      }
      if (inFlight.size === 0) break;
      const { unit, outcome } = await inFlight.next();
      run.addCalls(outcome.calls);
      if (outcome.kind === 'pausing') {
        run.pauseFor(outcome.reason, outcome.attemptStartedAt);
        inFlight.launch(unit);
      } else run.unitDone();
    }
    if (run.nextUnit < group.units) return;
    run.finishGroup();
  }
}
