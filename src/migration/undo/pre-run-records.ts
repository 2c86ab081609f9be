import type { RunStore } from '../../run-store/run-store.js';
import { undoSnapshotParts, type UndoSnapshotPart } from '../contracts/undo-types.js';
import { undoKeys } from './undo-keys.js';

/** The parts of the pre-run snapshot that list records (the others are a report and a state). */
const RECORD_PARTS = undoSnapshotParts.filter(
  (part) => part !== 'trial-balance' && part !== 'opening-balance',
);

/** Every record of one part of the run's pre-run snapshot, all pages merged. */
export async function snapshotPartRecords<T>(
  store: RunStore,
  part: UndoSnapshotPart,
): Promise<T[]> {
  const records: T[] = [];
  for (const key of await store.listDocuments(undoKeys.snapshotPages(part))) {
    records.push(...((await store.getDocument<T[]>(key)) ?? []));
  }
  return records;
}

/**
 * The ids of every record the workspace held before the run's first live write (its pre-run
 * snapshot: accounts, parties, products, documents, journal entries). The run cannot have created
 * any of them: reconciliation never claims one, and an undo never reverses one, whatever an
 * outcome says. Empty for runs begun before the snapshot existed.
 */
export async function preRunRecordIds(store: RunStore): Promise<ReadonlySet<string>> {
  const ids = new Set<string>();
  for (const part of RECORD_PARTS) {
    for (const record of await snapshotPartRecords<{ id?: unknown }>(store, part)) {
      if (typeof record?.id === 'string') ids.add(record.id);
    }
  }
  return ids;
}
