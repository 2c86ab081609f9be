import type { UnitRef } from '../../src/migration/contracts/steps.js';
import type { RunScope } from '../../src/migration/contracts/workflow-types.js';
import { undoApiActivities } from './undo-proxies.js';

/** Rounds of reconcile-then-send per unit: each is one finished attempt, so a few suffice. */
const MAX_ROUNDS = 10;
/** Pages one reconciliation lookup reads at most. */
const MAX_PAGES = 10_000;

/**
 * One reversal through the migration's unit engine: the call (executeUnit); when an earlier
 * attempt may have been applied, the engine asks to look first (reconcileUnit, page by page),
 * and only then sends again, so a reversal is never sent twice. Answers the API calls made.
 */
export async function runUndoUnit(scope: RunScope, unit: UnitRef): Promise<number> {
  const api = undoApiActivities(scope);
  let calls = 0;
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const result = await api.executeUnit({ scope, unit });
    if (result.kind === 'done') return calls + result.calls;
    for (let lookup = 0; lookup < result.lookups; lookup += 1) {
      let page: number | null = 1;
      for (let read = 0; page !== null && read < MAX_PAGES; read += 1) {
        ({ nextPage: page } = await api.reconcileUnit({ scope, unit, lookup, page }));
        calls += 1;
      }
    }
  }
  throw new Error(`unit ${unit.planId}/${unit.step}/${unit.phase}/${unit.index} did not settle`);
}
