import { snapshotsOfStep } from '../../src/migration/contracts/steps.js';
import type { StepRun, StepWork } from '../step-run/step-state.js';

/** Reads, page by page, the workspace's records the step's plan checks against; yields each call. */
export async function* readSnapshots(run: StepRun): AsyncGenerator<StepWork, void> {
  const { scope, planId, step } = run.input;
  for (const resource of snapshotsOfStep[step]) {
    let page = 1;
    let totalPages = 1;
    while (page <= totalPages) {
      yield { kind: 'next-call' };
      ({ totalPages } = await run.api.readSnapshotPage({ scope, planId, resource, page }));
      yield { kind: 'calls', calls: 1 };
      page += 1;
    }
  }
}
