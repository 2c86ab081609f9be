import type { StepName } from '../contracts/steps.js';
import type { NotReversible } from '../contracts/undo.js';
import type { EngineDeps } from '../engine/engine.js';
import { createdByRun } from './created-by-run.js';
import { liveOutcomes } from './plan-undo.js';
import { PARTS_OF_OTHERS, REVERSIBLE_ENTITIES } from './reversible-entities.js';

/** What the run created that no reversal phase covers, said before anything is sent. */
export async function listNotReversible(
  deps: EngineDeps,
  input: { runName: string; steps?: StepName[] | undefined },
): Promise<NotReversible[]> {
  const live = await liveOutcomes(deps, await deps.openStore(input.runName));
  const listed: NotReversible[] = [];
  for (const outcome of live.values()) {
    if (
      !createdByRun(outcome) ||
      REVERSIBLE_ENTITIES.has(outcome.entity) ||
      PARTS_OF_OTHERS.has(outcome.entity)
    )
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
          ? 'the cutover date stays set: the API has no call that clears it'
          : `undo does not reverse ${outcome.entity} records (${outcome.step}/${outcome.phase}): correct it by hand`,
    });
  }
  return listed;
}
