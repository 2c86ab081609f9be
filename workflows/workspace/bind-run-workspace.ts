import type { MigrateLedgerInput, RunScope } from '../../src/migration/contracts/workflow-types.js';
import type {
  BindingUse,
  WorkspaceIdentity,
} from '../../src/migration/contracts/workspace-identity.js';
import { apiActivities, localActivities } from '../activity-proxies.js';

/**
 * Before anything touches the workspace: which workspace the run's profile reaches (one API call),
 * refused (a non-retryable failure naming both workspaces) when the run name belongs to another
 * (src/migration/workspace/workspace-binding.ts). Here, not only in the CLI, so a start from the Web UI
 * is refused too.
 */
export async function checkRunWorkspace(
  scope: RunScope,
  use: BindingUse,
  source?: MigrateLedgerInput['source'],
): Promise<WorkspaceIdentity> {
  // Exports the worker may not read are refused before the workspace is touched at all.
  if (source) await localActivities.confirmSource({ source });
  return apiActivities(scope).checkWorkspace({ scope, use });
}

/** Just before a live run's first write: the workspace checked above becomes the run's own. */
export async function bindRunWorkspace(
  scope: RunScope,
  workspace: WorkspaceIdentity,
): Promise<void> {
  await localActivities.bindWorkspace({ scope, identity: workspace });
}
