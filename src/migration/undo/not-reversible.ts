import type { StepName } from '../contracts/steps.js';
import type { NotReversible } from '../contracts/undo-types.js';
import type { EngineDeps } from '../engine/engine.js';
import { createdByRun, isReversible, PARTS_OF_OTHERS } from './reversible-entities.js';
import { liveOutcomes } from './plan-undo.js';
import { preRunRecordIds } from './pre-run-records.js';

/** Why the workspace's cutover date stays after an undo. */
export const CUTOVER_KEPT_REASON = 'the cutover date stays set: the API has no call that clears it';

/** Why a record an outcome claims stays, when the run's pre-run snapshot holds it. */
const PRE_RUN_KEPT_REASON =
  'the workspace held this record before the run (its pre-run snapshot lists it), so the run did ' +
  'not create it: an undo never reverses it. Check by hand which record the row should have';

const NO_IDS: ReadonlySet<string> = new Set();

/**
 * What the run created that no reversal phase covers, and records an outcome claims that the
 * workspace held before the run, said before anything is sent.
 */
export async function listNotReversible(
  deps: EngineDeps,
  input: { runName: string; steps?: StepName[] | undefined },
): Promise<NotReversible[]> {
  const store = await deps.openStore(input.runName);
  const live = await liveOutcomes(deps, store);
  const preRunIds = await preRunRecordIds(store);
  const listed: NotReversible[] = [];
  for (const outcome of live.values()) {
    if (outcome.entity.startsWith('reversal:')) continue;
    if (input.steps !== undefined && !input.steps.includes(outcome.step)) continue;
    const { entity, key, id, step } = outcome;
    if (createdByRun(outcome, NO_IDS) && !createdByRun(outcome, preRunIds)) {
      listed.push({ entity, key, id, step, reason: PRE_RUN_KEPT_REASON });
      continue;
    }
    if (
      !createdByRun(outcome, preRunIds) ||
      isReversible(outcome) ||
      PARTS_OF_OTHERS.has(outcome.entity)
    )
      continue;
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
