import { proxyActivities, workflowInfo, type ActivityOptions } from '@temporalio/workflow';
import type { MigrationActivities } from '../activities/index.js';
import {
  CONFIGURATION_ERROR,
  isPausingFailureType,
  PAUSING_FAILURE_TYPES,
} from '../src/migration/contracts/failure-types.js';
import { apiCallPriority } from '../src/migration/contracts/fair-share.js';
import type { RunScope } from '../src/migration/contracts/workflow-types.js';
import { API_RETRY_SCHEDULE } from '../src/partner-api/retry-schedule.js';
import type { UndoActivities } from '../activities/undo-activities.js';

/** The rate-limited queue of API calls: the worker's task queue plus "-api" (src/config). */
function apiTaskQueue(): string {
  return `${workflowInfo().taskQueue}-api`;
}

/**
 * Activities that make exactly one API call each. The server paces this queue with
 * `maxTaskQueueActivitiesPerSecond`; a 429 comes back as a retry with the API's own delay. Every
 * call carries the run's fairness key and weight, so runs sharing the queue share its pace by weight.
 */
export function apiActivities(run: Pick<RunScope, 'runName' | 'weight'>) {
  return proxyActivities<MigrationActivities>(apiCallOptions(run));
}

/** The options of every activity that makes one API call (the undo's too, workflows/undo-run/). */
function apiCallOptions(run: Pick<RunScope, 'runName' | 'weight'>): ActivityOptions {
  return {
    taskQueue: apiTaskQueue(),
    priority: apiCallPriority(run),
    startToCloseTimeout: '2 minutes',
    // The activity heartbeats while its call is in flight: a dead worker is noticed in seconds.
    heartbeatTimeout: '10 seconds',
    // The API's back-off; a 429's Retry-After overrides it per attempt (nextRetryDelay).
    retry: {
      initialInterval: API_RETRY_SCHEDULE.initialDelayMs,
      backoffCoefficient: API_RETRY_SCHEDULE.backoffCoefficient,
      maximumInterval: API_RETRY_SCHEDULE.maximumDelayMs,
      maximumAttempts: API_RETRY_SCHEDULE.maximumAttempts,
      // Pausing failures wait for the operator (src/migration/contracts/failure-types.ts).
      nonRetryableErrorTypes: [...PAUSING_FAILURE_TYPES, CONFIGURATION_ERROR],
    },
  };
}

/** The options of activities that only touch the run store and files. */
const RUN_STORE_ACTIVITY_OPTIONS: ActivityOptions = {
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '1 minute',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '30 seconds',
    maximumAttempts: 5,
    nonRetryableErrorTypes: [CONFIGURATION_ERROR],
  },
};

/** Activities that only touch the run store and files: staging, planning, reports. */
export const localActivities = proxyActivities<MigrationActivities>(RUN_STORE_ACTIVITY_OPTIONS);

/** Staging reads whole exports: a long activity that heartbeats its progress. */
export const stagingActivities = proxyActivities<MigrationActivities>({
  startToCloseTimeout: '2 hours',
  heartbeatTimeout: '2 minutes',
  retry: {
    initialInterval: '2 seconds',
    maximumAttempts: 3,
    nonRetryableErrorTypes: [CONFIGURATION_ERROR],
  },
});

/** The failure type of an activity failure, read through its cause chain (never `instanceof`). */
export function failureType(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    const type = (current as { type?: unknown }).type;
    if (typeof type === 'string') return type;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The message of the innermost cause: what the operator needs to read. */
export function failureMessage(error: unknown): string {
  let current: unknown = error;
  let message = String((error as { message?: unknown })?.message ?? error);
  for (let depth = 0; depth < 5 && current; depth += 1) {
    const text = (current as { message?: unknown }).message;
    if (typeof text === 'string' && text) message = text;
    current = (current as { cause?: unknown }).cause;
  }
  return message;
}

/**
 * Why a failure pauses the run (a credential or quota problem: "<type>: <message>"), or undefined
 * when it does not pause (src/migration/contracts/failure-types.ts).
 */
export function pausingReason(error: unknown): string | undefined {
  const type = failureType(error);
  return isPausingFailureType(type) ? `${type}: ${failureMessage(error)}` : undefined;
}

type UndoRunActivities = MigrationActivities & UndoActivities;

/**
 * The undo's API calls: on the same paced queue as a migration's, with the run's fairness key and
 * weight, one call per activity (`apiCallOptions` above).
 */
export function undoApiActivities(run: Pick<RunScope, 'runName' | 'weight'>) {
  return proxyActivities<UndoRunActivities>(apiCallOptions(run));
}

/** The undo's run store work: planning, verification, the report. */
export const undoLocalActivities = proxyActivities<UndoRunActivities>(RUN_STORE_ACTIVITY_OPTIONS);
