// Pure (workflow-safe): how a run's API calls ask the server for their share of the one rate budget
// every run of a client id shares (docs/deploy.md, "Many migrations at once").
import type { Priority } from '@temporalio/common';

/** A run's share of the API budget is its weight over the sum of the weights of the runs calling. */
export const DEFAULT_RUN_WEIGHT = 1;
/** Temporal clamps weights to [0.001, 1000]; a narrower range keeps any run from starving. */
export const MIN_RUN_WEIGHT = 0.1;
export const MAX_RUN_WEIGHT = 100;

/**
 * The priority of a run's API activities: its fairness key is the run's name (at most 64 ASCII
 * characters, src/migration/contracts/run-name.ts, within Temporal's 64-byte limit), so the API task
 * queue, with fairness on, dispatches the runs' backlogs in proportion to their weights instead of
 * first come, first served.
 */
export function apiCallPriority(run: { runName: string; weight?: number }): Priority {
  return { fairnessKey: run.runName, fairnessWeight: run.weight ?? DEFAULT_RUN_WEIGHT };
}
