// Pure (workflow-safe): how a run's API calls ask the server for their share of the one rate budget
// every run of a client id shares (docs/deploy.md, "Many migrations at once").
import type { Priority } from '@temporalio/common';

/** A run's share of the API budget is its weight over the sum of the weights of the runs calling. */
export const DEFAULT_RUN_WEIGHT = 1;
/** Temporal clamps weights to [0.001, 1000]; a narrower range keeps any run from starving. */
export const MIN_RUN_WEIGHT = 0.1;
export const MAX_RUN_WEIGHT = 100;

/**
 * A live migration in progress under the same client id, as a dry run's estimate under sharing
 * needs it (src/reports/estimate-under-sharing.ts); src/migration/reporting/runs-in-progress.ts
 * lists them.
 */
export interface RunInProgress {
  name: string;
  /** Its weight in the shared budget. */
  weight: number;
  /** The API calls it still has to make. */
  remainingCalls: number;
}

/**
 * The priority of a run's API activities: its fairness key is the run's name (at most 64 ASCII
 * characters, src/migration/contracts/run-name.ts, within Temporal's 64-byte limit), so the API task
 * queue, with fairness on, dispatches the runs' backlogs in proportion to their weights instead of
 * first come, first served.
 */
export function apiCallPriority(run: { runName: string; weight?: number }): Priority {
  return { fairnessKey: run.runName, fairnessWeight: run.weight ?? DEFAULT_RUN_WEIGHT };
}

/**
 * The most API calls one step keeps in flight, whatever its concurrency and weight: a bound well
 * under Temporal's limit of pending activities per workflow, so a heavy run stays schedulable.
 */
export const MAX_UNIT_WINDOW = 256;

/**
 * How many of a step's API calls are in flight at once: its concurrency times the run's weight.
 * Fairness only acts on calls waiting in the API queue; a run whose weight earns it twice the pace
 * drains a fixed window twice as fast, so it needs twice the window to keep calls waiting there
 * (workflows/sending/unit-window.ts). Without the scaling, a heavy run gets less than its share.
 */
export function unitWindow(concurrency: number, weight: number = DEFAULT_RUN_WEIGHT): number {
  return Math.min(MAX_UNIT_WINDOW, Math.max(1, Math.ceil(concurrency * weight)));
}
