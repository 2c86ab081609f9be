import type { Client, WorkflowHandle } from '@temporalio/client';
import { pauseSignal, resumeSignal } from '../../workflows/handlers.js';
import { undoProgressQuery } from '../../workflows/undo/undo-handlers.js';
import { undoProgressLines } from '../../workflows/undo/render-undo-details.js';
import { undoWorkflowId } from '../migration/contracts/undo-types.js';
import { runHolder } from './run-holder.js';

/**
 * The undo of a run that is still going (`ledgerlift undo` starts it under undoWorkflowId, the run
 * name's own workflow id), or undefined. While it goes, it is what writes to the workspace, so
 * `status`, `pause` and `resume` of the run are about it.
 */
export async function runningUndo(
  client: Client,
  runName: string,
): Promise<WorkflowHandle | undefined> {
  const holder = await runHolder(client, runName);
  return holder?.kind === 'undo' ? client.workflow.getHandle(undoWorkflowId(runName)) : undefined;
}

/** `status <run>` while its undo goes: the undo's progress, as lines or JSON. */
export async function undoStatus(handle: WorkflowHandle, json: boolean): Promise<string> {
  const progress = await handle.query(undoProgressQuery);
  return json
    ? JSON.stringify({ undo: progress }, null, 2)
    : undoProgressLines(progress).join('\n');
}

/** `pause <run>` / `resume <run>` while its undo goes: the migration's signals, to the undo. */
export async function signalUndo(
  handle: WorkflowHandle,
  kind: 'pause' | 'resume',
  reason: string | undefined,
): Promise<void> {
  if (kind === 'pause') await handle.signal(pauseSignal, reason ? { reason } : {});
  else await handle.signal(resumeSignal, {});
}
