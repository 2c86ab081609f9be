import { undoSnapshotParts } from '../../src/migration/contracts/undo-types.js';
import type { RunScope } from '../../src/migration/contracts/workflow-types.js';
import { undoApiActivities, undoLocalActivities } from './undo-proxies.js';

/** A listing longer than this many pages is cut off: the loop stays bounded whatever the API says. */
const MAX_SNAPSHOT_PAGES = 10_000;

/**
 * Before a live run's first write: what an undo needs to put the workspace back (the trial balance
 * at the run's end date, the opening balance, the records that existed), one call per page, kept
 * in the run store (docs/run-layout.md). Taken once per run: a later live run of it keeps the first.
 * Yields each call as it is made, so the run's progress counts it at once.
 */
export async function* takeUndoSnapshot(
  scope: RunScope,
  asOf: string,
): AsyncGenerator<number, void> {
  if (await undoLocalActivities.undoSnapshotTaken({ scope })) return;
  const api = undoApiActivities(scope);
  for (const part of undoSnapshotParts) {
    let totalPages = 1;
    for (let page = 1; page <= Math.min(totalPages, MAX_SNAPSHOT_PAGES); page += 1) {
      ({ totalPages } = await api.readUndoSnapshotPage({ scope, part, page, asOf }));
      yield 1;
    }
  }
  await undoLocalActivities.markUndoSnapshot({ scope, asOf });
}
