import { unitId } from '../steps.js';
import type { ReconcileInput, ReconcileResult } from '../workflow-types.js';
import { openOutcomes, type EngineDeps } from './engine.js';
import { toReadCallError } from './execute-unit.js';
import type { UnitContext, UnitRow } from './phase-handler.js';
import { References } from './references.js';
import { isSettled } from './row-outcome.js';
import { scopeKeys } from './run-keys.js';
import type { UnitAttempt } from './unit-attempt.js';

/**
 * One page of one reconciliation lookup (one API call): finds rows of the unit that an earlier,
 * possibly committed attempt already created, and records them as matched so they are not sent
 * again. Answers whether another page may hold more.
 */
export async function reconcileUnit(
  deps: EngineDeps,
  input: ReconcileInput,
): Promise<ReconcileResult> {
  const store = await deps.openStore(input.scope.runName);
  const keys = scopeKeys(input.scope);
  const handler = deps.handler(input.unit.step, input.unit.phase);
  const unitDoc = await store.getDocument<{ rows: UnitRow[] }>(keys.unit(input.unit));
  if (!unitDoc) throw new Error(`unit ${unitId(input.unit)} was never planned`);
  const { log, view } = await openOutcomes(deps, store, input.scope);
  const pending = unitDoc.rows.filter((row) => !isSettled(view.get(row.entity, row.key)));
  if (pending.length === 0) return { nextPage: null };
  const attempt = await store.getDocument<UnitAttempt>(keys.attempt(input.unit));
  const context: UnitContext = {
    scope: input.scope,
    unitId: unitId(input.unit),
    outcomes: view,
    refs: new References(view),
    attemptStartedAt: attempt?.firstStartedAt,
  };
  const api = await deps.api(input.scope.profile);
  try {
    const { matched, nextPage } = await handler.reconcile(
      context,
      api,
      pending,
      input.lookup,
      input.page,
    );
    await log.append(matched);
    const stillPending = pending.length - matched.length;
    return { nextPage: stillPending > 0 ? nextPage : null };
  } catch (error) {
    throw toReadCallError(deps.classify(error));
  }
}
