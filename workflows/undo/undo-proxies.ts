import { proxyActivities } from '@temporalio/workflow';
import type { MigrationActivities } from '../../activities/index.js';
import type { UndoActivities } from '../../activities/undo-activities.js';
import type { RunScope } from '../../src/migration/contracts/workflow-types.js';
import { RUN_STORE_ACTIVITY_OPTIONS, apiCallOptions } from '../activity-proxies.js';

type Activities = MigrationActivities & UndoActivities;

/**
 * The undo's API calls: on the same paced queue as a migration's, with the run's fairness key and
 * weight, one call per activity (workflows/activity-proxies.ts explains the settings).
 */
export function undoApiActivities(run: Pick<RunScope, 'runName' | 'weight'>) {
  return proxyActivities<Activities>(apiCallOptions(run));
}

/** The undo's run store work: planning, verification, the report. */
export const undoLocalActivities = proxyActivities<Activities>(RUN_STORE_ACTIVITY_OPTIONS);
