import type { MigrationApi, Page } from '../contracts/migration-api.js';
import type { UndoSnapshotPart } from '../contracts/undo.js';
import type { RunScope } from '../contracts/workflow-types.js';
import type { EngineDeps } from '../engine/engine.js';
import { toReadCallError } from '../engine/execute-unit.js';
import { undoKeys, type SnapshotMarker } from './undo-keys.js';

export interface SnapshotPageInput {
  scope: RunScope;
  part: UndoSnapshotPart;
  page: number;
  asOf: string;
}

async function readPart(
  api: MigrationApi,
  part: UndoSnapshotPart,
  page: number,
  asOf: string,
): Promise<Page<unknown>> {
  const one = async (record: Promise<unknown>) => ({
    records: [await record],
    page: 1,
    totalPages: 1,
  });
  switch (part) {
    case 'trial-balance':
      return one(api.report('trial-balance', asOf));
    case 'opening-balance':
      return one(api.getOpeningBalance());
    case 'accounts':
      return api.listAccounts(page);
    case 'customers':
      return api.listCustomers(page);
    case 'vendors':
      return api.listVendors(page);
    case 'products':
      return api.listProducts(page);
    case 'invoices':
      return api.listInvoices(page);
    case 'bills':
      return api.listBills(page);
    case 'journal-entries':
      return api.listJournalEntries(page);
  }
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
  let page: Page<unknown>;
  try {
    page = await readPart(api, input.part, input.page, input.asOf);
  } catch (error) {
    throw toReadCallError(deps.classify(error));
  }
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
  const store = await deps.openStore(runName);
  const records: T[] = [];
  for (const key of await store.listDocuments(undoKeys.snapshotPages(part))) {
    records.push(...((await store.getDocument<T[]>(key)) ?? []));
  }
  return records;
}
