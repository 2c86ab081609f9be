import { loggingCalls, withFailureMapping } from './activity-boundary.js';
import {
  snapshotCallSite,
  workspaceBindingCallSite,
} from '../src/migration/call-log/call-sites.js';
import type {
  BindingUse,
  WorkspaceIdentity,
} from '../src/migration/contracts/workspace-identity.js';
import type { RunScope, SnapshotInput } from '../src/migration/contracts/workflow-types.js';
import type { EngineDeps } from '../src/migration/engine/engine.js';
import {
  bindWorkspace,
  readAndCheckWorkspace,
} from '../src/migration/workspace/workspace-binding.js';
import {
  checkStagedAgainstWorkspace,
  workspaceCurrency,
} from '../src/migration/workspace/workspace-check.js';
import { readSnapshotPage } from '../src/migration/workspace/workspace-snapshot.js';

/**
 * The workspace's activities: a page of what it holds (one API call each; the pre-check and the
 * steps' snapshots), the pre-check's verdict, and the binding of a run to one workspace.
 */
export function createWorkspaceActivities(deps: EngineDeps) {
  return {
    readSnapshotPage: withFailureMapping((input: SnapshotInput) =>
      loggingCalls(deps, input.scope, snapshotCallSite, input, () => readSnapshotPage(deps, input)),
    ),
    // The workspace a run writes (src/migration/workspace/workspace-binding.ts): read (one API call)
    // and checked against the run's before anything else touches the workspace, recorded (a local
    // activity) before the first write.
    checkWorkspace: withFailureMapping((input: { scope: RunScope; use: BindingUse }) =>
      loggingCalls(deps, input.scope, workspaceBindingCallSite, input, () =>
        readAndCheckWorkspace(deps, input),
      ),
    ),
    bindWorkspace: withFailureMapping(
      async (input: { scope: RunScope; identity: WorkspaceIdentity }) =>
        bindWorkspace(
          await deps.openStore(input.scope.runName),
          input.scope.runName,
          input.identity,
          deps.now(),
        ),
    ),
    workspaceCurrency: withFailureMapping((input: { scope: RunScope }) =>
      workspaceCurrency(deps, input),
    ),
    checkStagedAgainstWorkspace: withFailureMapping(
      (input: { scope: RunScope; checkScope: RunScope; currencyGiven: boolean }) =>
        checkStagedAgainstWorkspace(deps, input),
    ),
  };
}

export type WorkspaceActivities = ReturnType<typeof createWorkspaceActivities>;
