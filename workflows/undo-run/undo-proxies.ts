import { proxyActivities } from '@temporalio/workflow';
import type { MigrationActivities } from '../../activities/migration.js';
import type { UndoActivities } from '../../activities/undo.js';
import {
  CONFIGURATION_ERROR,
  PAUSING_FAILURE_TYPES,
} from '../../src/migration/contracts/failure-types.js';
import { apiCallPriority } from '../../src/migration/contracts/fair-share.js';
import type { RunScope } from '../../src/migration/contracts/workflow-types.js';
import { API_RETRY_SCHEDULE } from '../../src/partner-api/retry-schedule.js';
import { apiTaskQueue } from '../activity-proxies.js';

type Activities = MigrationActivities & UndoActivities;

/**
 * The undo's API calls: on the same paced queue as a migration's, with the run's fairness key and
 * weight, one call per activity (workflows/activity-proxies.ts explains the settings).
 */
export function undoApiActivities(run: Pick<RunScope, 'runName' | 'weight'>) {
  return proxyActivities<Activities>({
    taskQueue: apiTaskQueue(),
    priority: apiCallPriority(run),
    startToCloseTimeout: '2 minutes',
    heartbeatTimeout: '10 seconds',
    retry: {
      initialInterval: API_RETRY_SCHEDULE.initialDelayMs,
      backoffCoefficient: API_RETRY_SCHEDULE.backoffCoefficient,
      maximumInterval: API_RETRY_SCHEDULE.maximumDelayMs,
      maximumAttempts: API_RETRY_SCHEDULE.maximumAttempts,
      nonRetryableErrorTypes: [...PAUSING_FAILURE_TYPES, CONFIGURATION_ERROR],
    },
  });
}

/** The undo's run store work: planning, verification, the report. */
export const undoLocalActivities = proxyActivities<Activities>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '1 minute',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '30 seconds',
    maximumAttempts: 5,
    nonRetryableErrorTypes: [CONFIGURATION_ERROR],
  },
});
