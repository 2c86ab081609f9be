import { condition } from '@temporalio/workflow';
import type { UndoRun } from './undo-state.js';

/** Waits until the undo is not paused: a call is never started while it is. */
export async function untilUndoRunning(run: UndoRun): Promise<void> {
  if (run.paused) await condition(() => !run.paused);
}
