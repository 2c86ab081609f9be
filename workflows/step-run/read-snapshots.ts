import { patched } from '@temporalio/workflow';
import { snapshotsOfStep } from '../../src/migration/contracts/steps.js';
import { waitWhilePaused } from './step-progress.js';
import type { StepRun } from './step-state.js';

/** Reads, page by page, the workspace's records the step's plan checks against. */
export async function readSnapshots(run: StepRun): Promise<void> {
  const { scope, planId, step } = run.input;
  for (const resource of snapshotsOfStep[step]) {
    // The journal entries (an undo's opening balance reversal) are read since migrating again
    // after an undo was fixed; histories begun before it did not read them.
    if (resource === 'journal-entries' && !patched('undo-reversing-entry-snapshot')) continue;
    let page = 1;
    let totalPages = 1;
    while (page <= totalPages) {
      await waitWhilePaused(run);
      ({ totalPages } = await run.api.readSnapshotPage({ scope, planId, resource, page }));
      run.calls += 1;
      page += 1;
    }
  }
}
