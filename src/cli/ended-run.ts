import type { WorkflowExecutionDescription, WorkflowHandle } from '@temporalio/client';
import { lineText } from '../migration/contracts/line-text.js';

/**
 * Temporal statuses of a run that ended without its own verdict. Its progress query would replay the
 * last state it reached ("migrating", steps "running"), and its phase search attribute stays where
 * the run left it, so neither may speak for it.
 */
const endedWithoutVerdict = new Set(['FAILED', 'TERMINATED', 'TIMED_OUT', 'CANCELLED']);

/** The status to show for a run Temporal ended without a verdict, else undefined. */
export function endedStatusOf(temporalStatus: string): string | undefined {
  return endedWithoutVerdict.has(temporalStatus)
    ? temporalStatus.toLowerCase().replace('_', '-')
    : undefined;
}

/** What `status <run>` says of a run Temporal failed, terminated, timed out or cancelled. */
export async function describeEndedRun(
  name: string,
  handle: WorkflowHandle,
  description: WorkflowExecutionDescription,
): Promise<{ status: string; closedAt?: string; reason?: string; lines: string[] }> {
  const status = endedStatusOf(description.status.name) ?? description.status.name.toLowerCase();
  // A closed run's result answers at once: the failure, whose cause carries the reason given.
  const reason = await handle.result().then(
    () => undefined,
    (error: unknown) => {
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      return cause instanceof Error ? cause.message : undefined;
    },
  );
  const closedAt = description.closeTime?.toISOString();
  const when = description.closeTime ? ` at ${description.closeTime.toLocaleString()}` : '';
  return {
    status,
    ...(closedAt ? { closedAt } : {}),
    ...(reason ? { reason } : {}),
    lines: [
      // A failure's message can quote the input (a folder, an override file): one line.
      `Run "${name}" ${status}${when}${reason ? `: ${lineText(reason)}` : ''}.`,
      `What it wrote is in its run store: \`ledgerlift report ${name}\` and \`ledgerlift log ${name}\`.` +
        ' Starting it again with the same command finds those records and does not write them twice.',
    ],
  };
}
