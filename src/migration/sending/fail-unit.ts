import { unitId } from '../contracts/steps.js';
import type { UnitInput } from '../contracts/workflow-types.js';
import { openOutcomes, type EngineDeps } from '../engine/engine.js';
import { isSettled, type RowOutcome } from '../outcomes/row-outcome.js';
import { scopeKeys } from '../outcomes/run-keys.js';
import { readUnit } from '../planning/unit-pages.js';
import { needsReconciliation, type UnitAttempt } from './unit-attempt.js';

/**
 * Gives up on a unit whose retries are exhausted: its unsettled rows fail with the last error, so
 * the run goes on and the operator can replay them. If the call may have been applied, the unit's
 * attempt record still says so, and a replay reconciles before sending again.
 */
export async function failUnit(
  deps: EngineDeps,
  input: UnitInput & { code: string; reason: string },
): Promise<number> {
  const store = await deps.openStore(input.scope.runName);
  const keys = scopeKeys(input.scope);
  const unitDoc = await readUnit(store, input.scope, input.unit);
  const { log, view } = await openOutcomes(deps, store, input.scope);
  const attempt = await store.getDocument<UnitAttempt>(keys.attempt(input.unit));
  const maybeApplied = needsReconciliation(attempt);
  const failed: RowOutcome[] = (unitDoc?.rows ?? [])
    .filter((row) => !isSettled(view.get(row.entity, row.key)))
    .map((row) => ({
      entity: row.entity,
      key: row.key,
      status: 'failed',
      code: input.code,
      reason: input.reason,
      step: input.unit.step,
      phase: input.unit.phase,
      unit: unitId(input.unit),
      ...(row.location ? { location: row.location } : {}),
      ...(maybeApplied ? { maybeApplied: true as const } : {}),
    }));
  await log.append(failed);
  return failed.length;
}
