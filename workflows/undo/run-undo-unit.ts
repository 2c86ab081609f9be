import type { UnitRef } from '../../src/migration/contracts/steps.js';
import { pausingOnFailure } from './undo-pause.js';
import { undoApiActivities } from './undo-proxies.js';
import { addUndoCalls, type UndoRun } from './undo-state.js';

/** Rounds of reconcile-then-send per unit: each is one finished attempt, so a few suffice. */
const MAX_ROUNDS = 10;
/** Pages one reconciliation lookup reads at most. */
const MAX_PAGES = 10_000;

/**
 * One reversal through the migration's unit engine: the call (executeUnit); when an earlier
 * attempt may have been applied, the engine asks to look first (reconcileUnit, page by page),
 * and only then sends again, so a reversal is never sent twice. A credential or quota problem
 * pauses the undo (undo-pause.ts). Adds the API calls made to the run's.
 */
export async function runUndoUnit(run: UndoRun, unit: UnitRef): Promise<void> {
  const api = undoApiActivities(run.scope);
  const { scope } = run;
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const result = await pausingOnFailure(run, () => api.executeUnit({ scope, unit }));
    if (result.kind === 'done') {
      addUndoCalls(run, result.calls);
      return;
    }
    for (let lookup = 0; lookup < result.lookups; lookup += 1) {
      let page: number | null = 1;
      for (let read = 0; page !== null && read < MAX_PAGES; read += 1) {
        const from: number = page;
        ({ nextPage: page } = await pausingOnFailure(run, () =>
          api.reconcileUnit({ scope, unit, lookup, page: from }),
        ));
        addUndoCalls(run, 1);
      }
    }
  }
  throw new Error(`unit ${unit.planId}/${unit.step}/${unit.phase}/${unit.index} did not settle`);
}
