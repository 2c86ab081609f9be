// Pure: which workspace a run writes, shared by the workflows, the activities and the CLI. A
// workspace id and a base URL are not secrets (the credentials are): they may go into history,
// logs and messages.

/** The workspace one execution would write: the profile it calls through and what the API says. */
export interface WorkspaceIdentity {
  /** The credential profile (`ledgerlift connect --profile`). */
  profile: string;
  /** The API's `{base_url}`, normalized (no trailing slash). */
  baseUrl: string;
  /** The workspace's id, as `GET /partners/workspace` (or the grant) gives it. */
  workspaceId: string;
}

/** The workspace a run name belongs to, recorded before the run's first write. */
export interface WorkspaceBinding extends WorkspaceIdentity {
  /** When it was recorded (ISO 8601). */
  boundAt: string;
}

/** What would use the run name: named in the refusal. */
export type BindingUse = 'run' | 'dry run' | 'replay' | 'undo';

/**
 * One workspace is one base URL and one workspace id. The profile is only the name it is reached
 * by: the same workspace through another profile is still the run's own.
 */
export function sameWorkspace(a: WorkspaceIdentity, b: WorkspaceIdentity): boolean {
  return (
    a.workspaceId.toLowerCase() === b.workspaceId.toLowerCase() &&
    a.baseUrl.replace(/\/+$/, '').toLowerCase() === b.baseUrl.replace(/\/+$/, '').toLowerCase()
  );
}

/** `workspace 3f9a... at http://127.0.0.1:4010 (profile pa)`. */
export function describeWorkspace(workspace: WorkspaceIdentity): string {
  return `workspace ${workspace.workspaceId} at ${workspace.baseUrl} (profile "${workspace.profile}")`;
}

/**
 * Why a use of a run name against another workspace is refused, naming both workspaces: the run's
 * outcomes hold the first workspace's record ids, which mean nothing (or something else) in another.
 */
export function bindingRefusal(
  runName: string,
  bound: WorkspaceIdentity,
  given: WorkspaceIdentity,
  use: BindingUse,
): string {
  return (
    `Run "${runName}" belongs to ${describeWorkspace(bound)}: it recorded that workspace before its ` +
    `first write. This ${use} would use ${describeWorkspace(given)}, so it was refused before any ` +
    `write. Pick another run name for that workspace (for example --name ${suggestedName(runName, given)}), ` +
    `or use the run's own workspace (--profile ${bound.profile}).`
  );
}

/** A run name for the other workspace: the run name and the profile, within the name's rules. */
function suggestedName(runName: string, given: WorkspaceIdentity): string {
  const profile = given.profile.replace(/[^A-Za-z0-9._-]/g, '-');
  return `${runName}-${profile}`.slice(0, 64);
}
