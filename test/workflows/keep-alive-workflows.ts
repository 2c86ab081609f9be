import { proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../../activities/index.js';
import type { RunScope } from '../../src/migration/contracts/workflow-types.js';

/** A heartbeat timeout far shorter than the activity below takes; one attempt, so none is hidden. */
const { countFailedRows } = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  heartbeatTimeout: '1 second',
  retry: { maximumAttempts: 1 },
});

/** Runs one run-store activity of the worker's own set, with the options above. */
export async function quietActivity(scope: RunScope): Promise<Record<string, number>> {
  return countFailedRows({ scope });
}
