import type { RowOutcome } from '../engine/row-outcome.js';

/**
 * Whether the run itself wrote the record: created, or found again after one of its own calls
 * that may have been applied ("reconciled"). Records matched to what the workspace already held
 * are never reversed.
 */
export function createdByRun(outcome: RowOutcome): boolean {
  if (outcome.id === undefined || outcome.id.startsWith('dry:')) return false;
  return (
    outcome.status === 'created' || (outcome.status === 'matched' && outcome.code === 'reconciled')
  );
}
