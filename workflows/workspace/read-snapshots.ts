import { snapshotsOfStep } from '../../src/migration/contracts/steps.js';
import { waitWhilePaused } from '../step-run/step-progress.js';
import { addStepCalls, type StepRun } from '../step-run/step-state.js';

/** Reads, page by page, the workspace's records the step's plan checks against. */
export async function readSnapshots(run: StepRun): Promise<void> {
  const { scope, planId, step } = run.input;
  for (const resource of snapshotsOfStep[step]) {
    let page = 1;
    let totalPages = 1;
    while (page <= totalPages) {
      await waitWhilePaused(run);
      ({ totalPages } = await run.api.readSnapshotPage({ scope, planId, resource, page }));
      addStepCalls(run, 1);
      page += 1;
    }
  }
}
