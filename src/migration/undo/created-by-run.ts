import { ownRecordId, type RowOutcome } from '../outcomes/row-outcome.js';

/**
 * Whether the run itself wrote the record: created, or found again after one of its own calls
 * that may have been applied ("reconciled"). Records matched to what the workspace already held
 * are never reversed, nor is any record of the run's pre-run snapshot (`preRunIds`), whatever its
 * outcome says: an outcome written before reconciliation checked the snapshot may claim one.
 */
export function createdByRun(outcome: RowOutcome, preRunIds: ReadonlySet<string>): boolean {
  if (outcome.id === undefined || outcome.id.startsWith('dry:')) return false;
  if (preRunIds.has(ownRecordId(outcome) ?? '')) return false;
  return (
    outcome.status === 'created' || (outcome.status === 'matched' && outcome.code === 'reconciled')
  );
}
