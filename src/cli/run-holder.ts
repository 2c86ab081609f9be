import type { Client } from '@temporalio/client';
import { runWorkflowId } from '../migration/contracts/run-name.js';

/** The workflow that writes under a run name now: its migration or its undo (one id, run-name.ts). */
export interface RunHolder {
  workflowId: string;
  kind: 'migration' | 'undo';
  /** The migration's phase as its search attribute says (awaiting-operator, migrating...). */
  phase?: string | undefined;
}

/** The open workflow holding `runName`, or undefined when none is open. */
export async function runHolder(client: Client, runName: string): Promise<RunHolder | undefined> {
  const workflowId = runWorkflowId(runName);
  const description = await client.workflow
    .getHandle(workflowId)
    .describe()
    .catch(() => undefined);
  if (description?.status.name !== 'RUNNING') return undefined;
  if (description.type === 'undoRun') return { workflowId, kind: 'undo' };
  const phase = description.searchAttributes?.LedgerliftPhase?.[0];
  return { workflowId, kind: 'migration', ...(phase ? { phase: String(phase) } : {}) };
}

/**
 * Why `attempt` cannot start while `holder` writes under the run name, and what to do: wait for it
 * or stop it. Written for the consultant who tried: which workflow, in which state, which commands.
 */
export function heldMessage(
  runName: string,
  holder: RunHolder | undefined,
  attempt: string,
): string {
  if (holder?.kind === 'undo') {
    return [
      `Cannot ${attempt}: the undo of run "${runName}" (workflow ${holder.workflowId}) is still reversing it, and one workflow at a time writes under a run name.`,
      `  Wait for it:  ledgerlift status ${runName} --watch   (returns when the undo ends)`,
      `  Or hold it:   ledgerlift pause ${runName}   (it keeps the name until it ends)`,
    ].join('\n');
  }
  const state = holder?.phase ? ` (${holder.phase})` : '';
  return [
    `Cannot ${attempt}: the migration of run "${runName}" (workflow ${holder?.workflowId ?? runWorkflowId(runName)}) is still open${state}, and one workflow at a time writes under a run name.`,
    `  Wait for it:  ledgerlift status ${runName} --watch`,
    `  Or end it:    ledgerlift finish ${runName}   (when it waits for you; its records stay)`,
  ].join('\n');
}
