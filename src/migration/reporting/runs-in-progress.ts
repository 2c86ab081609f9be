import type { Client } from '@temporalio/client';
import { DEFAULT_RUN_WEIGHT, type RunInProgress } from '../contracts/fair-share.js';
import { PROGRESS_QUERY, type RunProgress } from '../contracts/workflow-types.js';

/** The most open runs asked for their progress: `ledgerlift status` lists as many. */
const RUNS_ASKED = 50;
/** A report or a dry run's last line waits no longer than this for the list. */
const LIST_DEADLINE_MS = 15_000;

/**
 * The live migrations open now that still have calls to make, with their weights and the calls
 * they have left (their own progress query), for a dry run's estimate under sharing. A run that
 * does not answer is left out: the estimate is a forecast, not a reason to fail.
 */
export async function listRunsInProgress(
  client: Client,
  except?: string,
): Promise<RunInProgress[]> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error('Temporal did not list the runs in progress in time')),
      LIST_DEADLINE_MS,
    );
  });
  try {
    return await Promise.race([collectRunsInProgress(client, except), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

async function collectRunsInProgress(
  client: Client,
  except: string | undefined,
): Promise<RunInProgress[]> {
  const runs: RunInProgress[] = [];
  let asked = 0;
  for await (const run of client.workflow.list({
    query: "WorkflowType = 'migrateLedger' AND ExecutionStatus = 'Running'",
  })) {
    if (asked >= RUNS_ASKED) break;
    asked += 1;
    const progress = await client.workflow
      .getHandle(run.workflowId)
      .query<RunProgress>(PROGRESS_QUERY)
      .catch(() => undefined);
    if (!progress || progress.mode !== 'live' || progress.runName === except) continue;
    if (progress.calls.remainingEstimate <= 0) continue;
    runs.push({
      name: progress.runName,
      weight: progress.weight ?? DEFAULT_RUN_WEIGHT,
      remainingCalls: progress.calls.remainingEstimate,
    });
  }
  return runs;
}
