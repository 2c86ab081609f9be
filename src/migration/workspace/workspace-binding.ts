import type { RunStore } from '../../run-store/run-store.js';
import type { RunScope } from '../contracts/workflow-types.js';
import {
  bindingRefusal,
  sameWorkspace,
  type BindingUse,
  type WorkspaceBinding,
  type WorkspaceIdentity,
} from '../contracts/workspace-identity.js';
import type { EngineDeps } from '../engine/engine.js';

/**
 * Where a run keeps the workspace it belongs to. Outside every scope: the live outcome log (and
 * every dry run it seeds) holds that workspace's record ids, whatever execution wrote them.
 */
const WORKSPACE_BINDING_KEY = 'binding/workspace';

/** A run name used against another workspace than its own: refused before any write. */
export class WorkspaceBindingRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkspaceBindingRefused';
  }
}

/** The workspace the run belongs to, or undefined before its first live write. */
export function readWorkspaceBinding(store: RunStore): Promise<WorkspaceBinding | undefined> {
  return store.getDocument<WorkspaceBinding>(WORKSPACE_BINDING_KEY);
}

/** Throws `WorkspaceBindingRefused` when the run belongs to another workspace than `given`. */
async function checkWorkspaceBinding(
  store: RunStore,
  runName: string,
  given: WorkspaceIdentity,
  use: BindingUse,
): Promise<WorkspaceBinding | undefined> {
  const bound = await readWorkspaceBinding(store);
  if (bound && !sameWorkspace(bound, given)) {
    throw new WorkspaceBindingRefused(bindingRefusal(runName, bound, given, use));
  }
  return bound;
}

/**
 * Records `given` as the run's workspace if it has none yet (checked first: a run keeps the first
 * it recorded). One writing workflow holds a run name at a time (src/migration/contracts/run-name.ts),
 * so nothing records another workspace between the check and the write.
 */
export async function bindWorkspace(
  store: RunStore,
  runName: string,
  given: WorkspaceIdentity,
  now: Date,
): Promise<void> {
  if (await checkWorkspaceBinding(store, runName, given, 'run')) return;
  const binding: WorkspaceBinding = { ...given, boundAt: now.toISOString() };
  await store.putDocument(WORKSPACE_BINDING_KEY, binding);
}

/**
 * The workspace the scope's profile reaches, read from the API (one call: `GET /partners/workspace`),
 * checked against the run's binding. The workspace id is the API's, or the grant's when the API's
 * answer leaves it out; an API that names neither cannot be told apart, which is refused too.
 */
export async function readAndCheckWorkspace(
  deps: EngineDeps,
  input: { scope: RunScope; use: BindingUse },
): Promise<WorkspaceIdentity> {
  const { scope } = input;
  const api = await deps.api(scope.profile);
  const [workspace, connection] = await Promise.all([api.getWorkspace(), api.connection()]);
  const workspaceId = workspace.id ?? connection.grantedWorkspaceId ?? undefined;
  const { baseUrl } = connection;
  if (!workspaceId) {
    throw new WorkspaceBindingRefused(
      `Profile "${scope.profile}" does not say which workspace it reaches (the API's workspace has ` +
        'no id, and neither had the grant): run `ledgerlift connect` again, then start again.',
    );
  }
  const identity: WorkspaceIdentity = { profile: scope.profile, baseUrl, workspaceId };
  const store = await deps.openStore(scope.runName);
  await checkWorkspaceBinding(store, scope.runName, identity, input.use);
  return identity;
}
