import type { UnitRef } from '../../src/migration/contracts/steps.js';
import { pausingReason, undoApiActivities } from '../activity-proxies.js';
import type { UndoRun } from './undo-state.js';

/** Rounds of reconcile-then-send per unit: each is one finished attempt, so a few suffice. */
const MAX_ROUNDS = 10;
/** Pages one reconciliation lookup reads at most. */
const MAX_PAGES = 10_000;

/** How one attempt at a reversal ended, with the API calls it made. */
type UndoUnitOutcome =
  | { kind: 'done'; calls: number }
  | { kind: 'pausing'; reason: string; attemptStartedAt: number; calls: number };

/**
 * One reversal through the migration's unit engine: the call (executeUnit); when an earlier
 * attempt may have been applied, the engine asks to look first (reconcileUnit, page by page),
 * and only then sends again, so a reversal is never sent twice. Answers early, on a credential or
 * quota problem, for the undo to pause and try the unit again (the engine then asks to look
 * again). Starts no call while the undo is paused.
 */
export async function attemptUndoUnit(run: UndoRun, unit: UnitRef): Promise<UndoUnitOutcome> {
  const api = undoApiActivities(run.scope);
  const { scope } = run;
  let calls = 0;
  let attemptStartedAt = 0;
  try {
    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      await run.untilRunning();
      attemptStartedAt = Date.now();
      const result = await api.executeUnit({ scope, unit });
      if (result.kind === 'done') return { kind: 'done', calls: calls + result.calls };
      for (let lookup = 0; lookup < result.lookups; lookup += 1) {
        let page: number | null = 1;
        for (let read = 0; page !== null && read < MAX_PAGES; read += 1) {
          await run.untilRunning();
          attemptStartedAt = Date.now();
          ({ nextPage: page } = await api.reconcileUnit({ scope, unit, lookup, page }));
          calls += 1;
        }
      }
    }
  } catch (error) {
    const reason = pausingReason(error);
    if (reason === undefined) throw error;
    return {
      kind: 'pausing',
      reason,
      attemptStartedAt,
      calls,
    };
  }
  throw new Error(`unit ${unit.planId}/${unit.step}/${unit.phase}/${unit.index} did not settle`);
}
