import { workerSettings } from '../config/worker-settings.js';
import { createFileCredentialStore } from '../credentials/file-credential-store.js';
import type { DevStackInfo } from '../dev/dev-stack-file.js';
import {
  bindingRefusal,
  sameWorkspace,
  type BindingUse,
  type WorkspaceBinding,
  type WorkspaceIdentity,
} from '../migration/contracts/workspace-identity.js';
import { readWorkspaceBinding } from '../migration/workspace/workspace-binding.js';
import { openRunStores } from '../run-store/open-run-store.js';
import { CliError, exitCodes } from './exit-codes.js';

/**
 * Where this machine sees the worker's run stores and credentials: the dev stack's when the
 * command talks to it, else the worker settings of the environment (LEDGERLIFT_RUNS_DIR,
 * LEDGERLIFT_RUN_STORE_URL, LEDGERLIFT_CREDENTIALS).
 */
function workerFiles(dev: DevStackInfo | undefined) {
  const settings = workerSettings();
  return dev
    ? { runsDir: dev.runsDir, runStoreUrl: undefined, credentialsPath: dev.credentialsPath }
    : settings;
}

/**
 * The workspace a run name belongs to (src/migration/workspace/workspace-binding.ts), or undefined
 * when it has none yet, or when this machine cannot read the worker's run store: the worker then
 * checks it itself, before any write.
 */
export async function boundWorkspace(
  runName: string,
  dev: DevStackInfo | undefined,
): Promise<WorkspaceBinding | undefined> {
  const files = workerFiles(dev);
  const stores = openRunStores({ runsDir: files.runsDir, postgresUrl: files.runStoreUrl });
  try {
    return await readWorkspaceBinding(await stores.open(runName));
  } catch {
    return undefined;
  } finally {
    await stores.close().catch(() => {});
  }
}

/** The workspace a profile reaches as its stored grant says (no API call), if this machine has it. */
async function profileWorkspace(
  profile: string,
  dev: DevStackInfo | undefined,
): Promise<WorkspaceIdentity | undefined> {
  const store = createFileCredentialStore({ path: workerFiles(dev).credentialsPath });
  const stored = await store.getProfile(profile).catch(() => undefined);
  if (!stored?.workspaceId) return undefined;
  return { profile, baseUrl: stored.baseUrl, workspaceId: stored.workspaceId };
}

/**
 * Refuses, before anything starts, a use of a run name through a profile that reaches another
 * workspace than the run's own. The friendly early form of the worker's own check, which holds
 * for starts from the Web UI too.
 */
export async function refuseAnotherWorkspace(
  runName: string,
  profile: string,
  use: BindingUse,
  dev: DevStackInfo | undefined,
): Promise<WorkspaceBinding | undefined> {
  const bound = await boundWorkspace(runName, dev);
  if (!bound) return undefined;
  const given = await profileWorkspace(profile, dev);
  if (given && !sameWorkspace(bound, given)) {
    throw new CliError(bindingRefusal(runName, bound, given, use), exitCodes.needsAttention);
  }
  return bound;
}
