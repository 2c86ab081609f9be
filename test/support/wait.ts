import type { WorkflowHandle } from '@temporalio/client';

/**
 * Polls `condition` until it answers a truthy value or `timeoutMs` passes, then fails naming what
 * it waited for. For state that is only observable by asking (a sandbox count, a workflow query);
 * `waitForWorkflow` below waits on a workflow's own events instead.
 */
export async function waitFor<T>(
  what: string,
  condition: () => Promise<T | undefined | false> | T | undefined | false,
  { timeoutMs = 60_000, intervalMs = 100 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await condition();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`, { cause: last });
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * Waits until `condition`, which asks the workflow of `handle` (a query), answers a truthy value.
 * It asks again only when the workflow's history grows: a workflow's state changes in workflow
 * tasks alone, each of which adds events, and the server hands new events over as they are
 * written (a long poll on the history). So the wait follows the workflow's own events, never a
 * timer, and asks nothing while the workflow does nothing. A run that continued as new is
 * followed into the next; one that ended without the condition holding fails the wait at once.
 */
export async function waitForWorkflow<T>(
  what: string,
  handle: WorkflowHandle,
  condition: () => Promise<T | undefined | false>,
  { timeoutMs = 60_000 }: { timeoutMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  const { client } = handle;
  let nextPageToken: Uint8Array | undefined;
  let last: unknown;
  const check = async () => {
    try {
      return await condition();
    } catch (error) {
      last = error;
      return undefined;
    }
  };
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() >= deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`, { cause: last });
    }
    let page: Awaited<ReturnType<typeof client.workflowService.getWorkflowExecutionHistory>>;
    try {
      page = await client.withDeadline(deadline, () =>
        client.workflowService.getWorkflowExecutionHistory({
          namespace: client.options.namespace,
          execution: { workflowId: handle.workflowId },
          nextPageToken,
          waitNewEvent: true,
        }),
      );
    } catch (error) {
      // Past the deadline the long poll is cut short: the check above then says what timed out.
      if (Date.now() >= deadline) continue;
      throw error;
    }
    nextPageToken = page.nextPageToken?.length ? page.nextPageToken : undefined;
    // No page after this one: the run closed. Continued as new, the next run goes on.
    if (!nextPageToken && (await handle.describe()).status.name !== 'RUNNING') {
      const final = await check();
      if (final) return final;
      throw new Error(`the workflow ${handle.workflowId} ended before ${what}`, { cause: last });
    }
  }
}
