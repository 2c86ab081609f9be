import { snapshotsOfStep } from '../../src/migration/contracts/steps.js';
import type { StepRun } from '../step-run/step-state.js';

/** Reads, page by page, the workspace's records the step's plan checks against. */
export async function readSnapshots(run: StepRun): Promise<void> {
  const { scope, planId, step } = run.input;
  for (const resource of snapshotsOfStep[step]) {
    let page = 1;
    let totalPages = 1;
    while (page <= totalPages) {
      await run.untilRunning();
      ({ totalPages } = await run.api.readSnapshotPage({ scope, planId, resource, page }));
      run.addCalls(1);
      page += 1;
    }
  }
}
