import type { StepName } from '../contracts/steps.js';
import type { NotReversible } from '../contracts/undo.js';
import type { EngineDeps } from '../engine/engine.js';
import { createdByRun } from './created-by-run.js';
import { liveOutcomes } from './plan-undo.js';
import { isReversible, PARTS_OF_OTHERS } from './reversible-entities.js';

/** Why the workspace's cutover date stays after an undo. */
export const CUTOVER_KEPT_REASON = 'the cutover date stays set: the API has no call that clears it';

/** What the run created that no reversal phase covers, said before anything is sent. */
export async function listNotReversible(
  deps: EngineDeps,
  input: { runName: string; steps?: StepName[] | undefined },
): Promise<NotReversible[]> {
  const live = await liveOutcomes(deps, await deps.openStore(input.runName));
  const listed: NotReversible[] = [];
  for (const outcome of live.values()) {
    if (!createdByRun(outcome) || isReversible(outcome) || PARTS_OF_OTHERS.has(outcome.entity))
      continue;
    if (outcome.entity.startsWith('reversal:')) continue;
    if (input.steps !== undefined && !input.steps.includes(outcome.step)) continue;
    listed.push({
      entity: outcome.entity,
      key: outcome.key,
      id: outcome.id,
      step: outcome.step,
      reason:
        outcome.entity === 'workspace-cutover'
          ? CUTOVER_KEPT_REASON
          : `undo does not reverse ${outcome.entity} records (${outcome.step}/${outcome.phase}): correct it by hand`,
    });
  }
  return listed;
}
