import { undoSnapshotParts } from '../../src/migration/contracts/undo-types.js';
import type { LedgerRun } from '../ledger-run/run-state.js';
import { undoApiActivities, undoLocalActivities } from '../activity-proxies.js';

/** A listing longer than this many pages is cut off: the loop stays bounded whatever the API says. */
const MAX_SNAPSHOT_PAGES = 10_000;

/**
 * Before a live run's first write: what an undo needs to put the workspace back (the trial balance
 * at the run's end date, the opening balance, the records that existed), one call per page, kept
 * in the run store (docs/run-layout.md). Taken once per run: a later live run of it keeps the first.
 * Each call counts in the run's progress as soon as it is made.
 */
export async function takeUndoSnapshot(run: LedgerRun, asOf: string): Promise<void> {
  const scope = run.scope();
  if (await undoLocalActivities.undoSnapshotTaken({ scope })) return;
  const api = undoApiActivities(scope);
  for (const part of undoSnapshotParts) {
    let totalPages = 1;
    for (let page = 1; page <= Math.min(totalPages, MAX_SNAPSHOT_PAGES); page += 1) {
      ({ totalPages } = await api.readUndoSnapshotPage({ scope, part, page, asOf }));
      run.addCalls(1);
    }
  }
  await undoLocalActivities.markUndoSnapshot({ scope, asOf });
}
