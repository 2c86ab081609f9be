import { unitId } from '../contracts/steps.js';
import type { UnitInput } from '../contracts/workflow-types.js';
import { openOutcomes, type EngineDeps } from '../engine/engine.js';
import type { UnitContext } from '../engine/phase-handler.js';
import { References } from '../outcomes/references.js';
import { isSettled } from '../outcomes/row-outcome.js';
import { scopeKeys } from '../outcomes/run-keys.js';
import { readUnit } from '../planning/unit-pages.js';
import type { UnitAttempt } from './unit-attempt.js';

/**
 * Everything a unit's activity needs: its handler, its rows still to do, its call record, the
 * outcome log, and the context handlers read references through.
 */
export async function openUnit(deps: EngineDeps, input: UnitInput) {
  const store = await deps.openStore(input.scope.runName);
  const keys = scopeKeys(input.scope);
  const handler = deps.handler(input.unit.step, input.unit.phase);
  const unitDoc = await readUnit(store, input.scope, input.unit);
  if (!unitDoc) throw new Error(`unit ${unitId(input.unit)} was never planned`);
  const { log, view } = await openOutcomes(deps, store, input.scope);
  const attemptKey = keys.attempt(input.unit);
  // Only a live send writes a call record (execute-unit.ts), and a dry run keeps its own
  // namespace (run-keys.ts): a dry run's unit has none, and asking cost a failed file open a unit.
  const attempt =
    input.scope.mode === 'live' ? await store.getDocument<UnitAttempt>(attemptKey) : undefined;
  const context: UnitContext = {
    scope: input.scope,
    unitId: unitId(input.unit),
    outcomes: view,
    refs: new References(view),
    attemptStartedAt: attempt?.firstStartedAt,
    unitRows: unitDoc.rows,
  };
  const pending = unitDoc.rows.filter((row) => !isSettled(view.get(row.entity, row.key)));
  return { store, handler, log, view, attemptKey, attempt, context, pending };
}
