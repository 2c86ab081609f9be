import { condition, defineSignal, makeContinueAsNewFunc, setHandler } from '@temporalio/workflow';
import { onCurrentBuild } from '../../workflows/carried-state.js';

/** What a {@link heldRun} does once told: finish, or continue as new as the long workflows do. */
export const proceed = defineSignal<['finish' | 'continue']>('proceed');

/**
 * A run that waits to be told what to do, standing in for a long migration: small, so the test
 * shows where its tasks run and nothing else. It continues as new with the very option
 * migrateLedger, migrateStep and undoRun use.
 */
export async function heldRun(round: number): Promise<number> {
  let next: 'finish' | 'continue' | undefined;
  setHandler(proceed, (told) => {
    next = told;
  });
  await condition(() => next !== undefined);
  if (next === 'continue') {
    return makeContinueAsNewFunc<typeof heldRun>(onCurrentBuild)(round + 1);
  }
  return round;
}
