import type { RunScope } from '../contracts/workflow-types.js';
import type { EngineDeps } from '../engine/engine.js';
import { scopeKeys } from '../outcomes/run-keys.js';

/** The plan id of a run's first pass (workflows/planning/plan-ids.ts adds any tag). */
const MAIN_PLAN_ID = 'main';

/**
 * The tag that sets this execution's plans apart from an earlier execution's of the same run name,
 * or none when no earlier execution planned anything (the first run keeps the plain ids).
 *
 * A phase planned once answers its stored plan (plan-phase.ts), which is what a crashed or
 * continued execution needs. A later execution (a re-run after `undo`, say) must plan afresh:
 * rows the first plan settled without a call (a payment's single part, matched to its
 * transaction) are in no unit, so the undo's voiding of them would otherwise never be answered.
 *
 * Asked once per execution before its first plan, and the answer is in the workflow's history, so
 * the same execution never changes its mind. The tag comes from the execution's stage id, which is
 * the same across continue-as-new and worker restarts.
 */
export async function planTagOf(
  deps: EngineDeps,
  input: { scope: RunScope },
): Promise<{ tag?: string }> {
  const store = await deps.openStore(input.scope.runName);
  const earlier = await store.listDocuments(scopeKeys(input.scope).plans(MAIN_PLAN_ID));
  return earlier.length > 0 ? { tag: executionTag(input.scope.stageId) } : {};
}

/** The last 12 letters and digits of the stage id (`live-<first execution's run id>`). */
function executionTag(stageId: string): string {
  return stageId.replace(/[^A-Za-z0-9]/g, '').slice(-12);
}
