import type { Client } from '@temporalio/client';
import { stepNames } from '../../../src/migration/contracts/steps.js';
import { progressQuery } from '../../../workflows/handlers.js';

/**
 * What a run that does not finish is waiting on: each open execution of the run and its step
 * children, with pending activities (type, attempt, last failure) and pending children. Printed
 * when a chaos test times out, so a hang is described, not just reported.
 */
async function describeRun(client: Client, workflowId: string): Promise<string> {
  const lines: string[] = [];
  try {
    const progress = await client.workflow.getHandle(workflowId).query(progressQuery);
    lines.push(
      `progress: phase ${progress.phase}` +
        (progress.pauseReason ? ` (${progress.pauseReason})` : '') +
        `, verification ${JSON.stringify(progress.verification ?? null)}` +
        progress.steps.map((s) => `\n    ${s.step} ${s.status} ${JSON.stringify(s.rows)}`).join(''),
    );
  } catch (error) {
    lines.push(`progress: ${(error as Error).message}`);
  }
  const ids = [workflowId, ...stepNames.map((step) => `${workflowId}/main/${step}`)];
  for (const id of ids) {
    try {
      const description = await client.workflow.getHandle(id).describe();
      const raw = description.raw;
      const activities = (raw.pendingActivities ?? []).map(
        (a) =>
          `${a.activityType?.name ?? '?'} attempt ${a.attempt ?? 0} state ${String(a.state)}` +
          (a.lastFailure?.message ? ` last failure: ${a.lastFailure.message}` : ''),
      );
      const children = (raw.pendingChildren ?? []).map((c) => `child ${c.workflowId ?? '?'}`);
      lines.push(
        `${id}: ${description.status.name} (${description.historyLength} events)` +
          [...activities, ...children].map((line) => `\n    ${line}`).join(''),
      );
    } catch (error) {
      lines.push(`${id}: ${(error as Error).message}`);
    }
  }
  return lines.join('\n');
}

/** The run's result, or, past the deadline, an error describing what it is still waiting on. */
export async function resultWithin<T>(
  client: Client,
  workflowId: string,
  result: Promise<T>,
  timeoutMs: number,
  explain?: () => Promise<string>,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      void (async () => {
        const state = await describeRun(client, workflowId);
        const more = explain ? `\n${await explain().catch((e: Error) => e.message)}` : '';
        reject(
          new Error(`the run did not finish within ${timeoutMs} ms; it waits on:\n${state}${more}`),
        );
      })();
    }, timeoutMs);
  });
  try {
    return await Promise.race([result, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
