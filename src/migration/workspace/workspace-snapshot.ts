import type { MigrationApi, Page } from '../contracts/migration-api.js';
import type { SnapshotInput, SnapshotResource } from '../contracts/workflow-types.js';
import type { EngineDeps } from '../engine/engine.js';
import { scopeKeys } from '../outcomes/run-keys.js';

/** One page of a workspace listing per call; single-call reads are one page. */
export async function readWorkspacePage(
  api: MigrationApi,
  resource: SnapshotResource,
  page: number,
): Promise<Page<unknown>> {
  const one = async (records: Promise<unknown[]>) => ({
    records: await records,
    page: 1,
    totalPages: 1,
  });
  switch (resource) {
    case 'chart-of-accounts':
      return api.listAccounts(page);
    case 'account-sub-types':
      return one(api.listSubTypes());
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
    case 'opening-balance':
      return one(api.getOpeningBalance().then((state) => [state]));
    case 'journal-entries':
      return api.listJournalEntries(page);
    case 'workspace':
      return one(api.getWorkspace().then((workspace) => [workspace]));
  }
}

/**
 * Reads one page of what the workspace already holds (one API call) and keeps it in the run store
 * for planning, which matches legacy records to existing ones instead of creating duplicates.
 */
export async function readSnapshotPage(
  deps: EngineDeps,
  input: SnapshotInput,
): Promise<{ totalPages: number }> {
  const store = await deps.openStore(input.scope.runName);
  const api = await deps.api(input.scope.profile);
  const page: Page<unknown> = await readWorkspacePage(api, input.resource, input.page);
  const key = `${scopeKeys(input.scope).snapshot(input.resource)}/${String(input.page).padStart(6, '0')}`;
  await store.putDocument(key, page.records);
  return { totalPages: Math.max(1, page.totalPages) };
}
