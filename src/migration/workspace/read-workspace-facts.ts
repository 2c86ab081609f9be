import type { MigrationApi, WorkspaceAccount } from '../contracts/migration-api.js';
import type { WorkspaceFacts } from './assess-workspace.js';

/** A chart of accounts longer than this many pages is checked on its first pages only. */
const MAX_ACCOUNT_PAGES = 50;

/**
 * Reads what the pre-check needs straight from the API, one call after another: for `validate
 * --profile`, which runs outside Temporal. Runs read the same through one activity per call
 * (workflows/workspace-precheck.ts).
 */
export async function readWorkspaceFacts(api: MigrationApi): Promise<WorkspaceFacts> {
  const workspace = await api.getWorkspace();
  const openingBalance = await api.getOpeningBalance();
  const accounts: WorkspaceAccount[] = [];
  for (let page = 1, totalPages = 1; page <= totalPages && page <= MAX_ACCOUNT_PAGES; page += 1) {
    const read = await api.listAccounts(page);
    accounts.push(...read.records);
    totalPages = read.totalPages;
  }
  return { workspace, accounts, openingBalance };
}
