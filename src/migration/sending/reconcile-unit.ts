import type { ReconcileInput, ReconcileResult } from '../contracts/workflow-types.js';
import { preRunRecordIds } from '../undo/pre-run-records.js';
import type { EngineDeps } from '../engine/engine.js';
import { openUnit } from './open-unit.js';
import { ownRecordId } from '../outcomes/row-outcome.js';

/**
 * One page of one reconciliation lookup (one API call): finds rows of the unit that an earlier,
 * possibly committed attempt already created, and records them as matched so they are not sent
 * again. Answers whether another page may hold more.
 */
export async function reconcileUnit(
  deps: EngineDeps,
  input: ReconcileInput,
): Promise<ReconcileResult> {
  const { store, handler, log, context, pending } = await openUnit(deps, input);
  if (pending.length === 0) return { nextPage: null };
  const preRunIds = await preRunRecordIds(store);
  const api = await deps.api(input.scope.profile);
  // A failed lookup throws the client's error to the activity boundary, as is.
  const found = await handler.reconcile(
    { ...context, preRunIds },
    api,
    pending,
    input.lookup,
    input.page,
  );
  // Whatever a handler's own matching found: a record from before the run is never claimed.
  const matched = found.matched.filter((outcome) => !preRunIds.has(ownRecordId(outcome) ?? ''));
  const { nextPage } = found;
  await log.append(matched);
  const stillPending = pending.length - matched.length;
  return { nextPage: stillPending > 0 ? nextPage : null };
}
