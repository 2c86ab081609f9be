import type { MigrationApi, Page } from '../contracts/migration-api.js';
import type { UndoSnapshotPart } from '../contracts/undo-types.js';
import type { RunScope } from '../contracts/workflow-types.js';
import type { EngineDeps } from '../engine/engine.js';
import { readWorkspacePage } from '../workspace/workspace-snapshot.js';
import { snapshotPartRecords } from './pre-run-records.js';
import { undoKeys, type SnapshotMarker } from './undo-keys.js';

export interface SnapshotPageInput {
  scope: RunScope;
  part: UndoSnapshotPart;
  page: number;
  asOf: string;
}

/** One page of a part: the trial balance at the run's end date, else the migration's own reads. */
async function readPart(
  api: MigrationApi,
  part: UndoSnapshotPart,
  page: number,
  asOf: string,
): Promise<Page<unknown>> {
  if (part === 'trial-balance') {
    return { records: [await api.report('trial-balance', asOf)], page: 1, totalPages: 1 };
  }
  return readWorkspacePage(api, part === 'accounts' ? 'chart-of-accounts' : part, page);
}

/** Whether the run already holds its pre-run snapshot (a later live run of it keeps the first). */
export async function undoSnapshotTaken(
  deps: EngineDeps,
  input: { scope: RunScope },
): Promise<boolean> {
  const store = await deps.openStore(input.scope.runName);
  return (await store.getDocument<SnapshotMarker>(undoKeys.snapshotTaken)) !== undefined;
}

/** One page of the pre-run snapshot (one API call), kept in the run store. */
export async function readUndoSnapshotPage(
  deps: EngineDeps,
  input: SnapshotPageInput,
): Promise<{ totalPages: number }> {
  const store = await deps.openStore(input.scope.runName);
  const api = await deps.api(input.scope.profile);
  const page: Page<unknown> = await readPart(api, input.part, input.page, input.asOf);
  await store.putDocument(undoKeys.snapshotPage(input.part, input.page), page.records);
  return { totalPages: Math.max(1, page.totalPages) };
}

/** Marks the snapshot whole: only now does an undo trust it. */
export async function markUndoSnapshot(
  deps: EngineDeps,
  input: { scope: RunScope; asOf: string },
): Promise<void> {
  const store = await deps.openStore(input.scope.runName);
  await store.putDocument(undoKeys.snapshotTaken, {
    asOf: input.asOf,
    takenAt: deps.now().toISOString(),
  } satisfies SnapshotMarker);
}

/** Every record of one snapshot part, all pages merged. */
export async function snapshotRecords<T>(
  deps: EngineDeps,
  runName: string,
  part: UndoSnapshotPart,
): Promise<T[]> {
  return snapshotPartRecords<T>(await deps.openStore(runName), part);
}
