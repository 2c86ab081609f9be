import type { MigrateLedgerInput, RunScope } from '../../src/migration/contracts/workflow-types.js';
import type { WorkspaceCheckSummary } from '../../src/migration/workspace/workspace-check.js';
import { apiActivities, localActivities } from '../activity-proxies.js';

/**
 * The scope the pre-check's reads are kept under: its own stage id, so the steps' snapshots of
 * the same resources (read again when they plan) are never mixed with these.
 */
export function workspaceCheckScope(scope: RunScope): RunScope {
  return { ...scope, stageId: `${scope.stageId}-workspace-check` };
}

/** Reads of the workspace the pre-check makes before staging: one API call each. */
const READS_BEFORE_STAGING = ['workspace', 'opening-balance'] as const;
/** A chart of accounts longer than this many pages is checked on its first pages only. */
const MAX_ACCOUNT_PAGES = 50;
const PLAN_ID = 'workspace-check';

/**
 * The workspace pre-check, first half (before staging): reads the workspace's settings, opening
 * balance and chart of accounts, each page one API activity, into the run store, and answers the
 * workspace's currency, so `--currency` can default to it. Returns the calls it made.
 */
export async function readWorkspaceForCheck(
  checkScope: RunScope,
  source: MigrateLedgerInput['source'],
): Promise<{ calls: number; currency: string | undefined }> {
  // Exports the worker may not read are refused before the workspace is touched, as before.
  await localActivities.confirmSource({ source });
  const api = apiActivities(checkScope);
  let calls = 0;
  for (const resource of READS_BEFORE_STAGING) {
    await api.readSnapshotPage({ scope: checkScope, planId: PLAN_ID, resource, page: 1 });
    calls += 1;
  }
  for (let page = 1, totalPages = 1; page <= totalPages && page <= MAX_ACCOUNT_PAGES; page += 1) {
    ({ totalPages } = await api.readSnapshotPage({
      scope: checkScope,
      planId: PLAN_ID,
      resource: 'chart-of-accounts',
      page,
    }));
    calls += 1;
  }
  const currency = await localActivities.workspaceCurrency({ scope: checkScope });
  return { calls, currency: currency ?? undefined };
}

/** The pre-check, second half (after staging): the staged books against what was read. */
export function checkBooksAgainstWorkspace(
  scope: RunScope,
  checkScope: RunScope,
  currencyGiven: boolean,
): Promise<WorkspaceCheckSummary> {
  return localActivities.checkStagedAgainstWorkspace({ scope, checkScope, currencyGiven });
}
