import type { StepName } from '../../src/migration/contracts/steps.js';
import type { RowCounts, RunScope } from '../../src/migration/contracts/workflow-types.js';
import { localActivities } from '../activity-proxies.js';

/** Exact counts of the given steps from the run store (after a round or a skip). */
export async function exactCounts(
  scope: RunScope,
  steps: StepName[],
): Promise<Array<[StepName, RowCounts]>> {
  const exact = await localActivities.summarizeRun({ scope, steps });
  return Object.entries(exact) as Array<[StepName, RowCounts]>;
}
