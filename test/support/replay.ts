import { Worker, type ReplayWorkerOptions } from '@temporalio/worker';

/**
 * Replays every history through today's workflow code and answers what each replay said: a
 * workflow id with no error replayed deterministically.
 */
export async function replayAll(
  options: ReplayWorkerOptions,
  histories: Iterable<{ workflowId: string; history: unknown }>,
): Promise<Array<{ workflowId: string; error?: string }>> {
  const results: Array<{ workflowId: string; error?: string }> = [];
  for await (const result of Worker.runReplayHistories(options, histories)) {
    results.push({
      workflowId: result.workflowId,
      ...(result.error ? { error: `${result.error.name}: ${result.error.message}` } : {}),
    });
  }
  return results;
}
