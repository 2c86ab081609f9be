import type { RunReadModel } from '../migration/reporting/run-read-model.js';
import type { IdMapRow } from './run-report.js';

type RowOutcome = ReturnType<RunReadModel['outcomes']> extends Iterable<infer O> ? O : never;

/**
 * Which legacy key became which workspace record: every row whose latest outcome carries a workspace
 * UUID (created, or matched to a record already there). Markers some phases record instead of a
 * record ("applied", "published") are not records and are left out; so are a dry run's predictions.
 * A record found again after one of the run's own calls that may have been applied ("reconciled")
 * was created by the run, and says so.
 */
export function* idMapOf(outcomes: Iterable<RowOutcome>): Generator<IdMapRow> {
  // Yielded one at a time, never collected: a large company maps hundreds of thousands of rows,
  // more than a worker's heap holds beside the rest of the report.
  for (const outcome of outcomes) {
    if (!isMapped(outcome)) continue;
    yield {
      entity: outcome.entity,
      key: outcome.key,
      id: outcome.id,
      step: outcome.step,
      how: outcome.code === 'reconciled' ? 'created' : outcome.status,
      round: roundOfUnit(outcome.unit),
    };
  }
}

type MappedOutcome = RowOutcome & { id: string; status: IdMapRow['how'] };

/**
 * Whether an outcome is a row of the ID map: created or matched, with a workspace UUID. (Reports
 * read through the run read model, not the engine, so the engine's `isSuccess` is not theirs.)
 */
export function isMapped(outcome: RowOutcome): outcome is MappedOutcome {
  const succeeded = outcome.status === 'created' || outcome.status === 'matched';
  return succeeded && outcome.id !== undefined && WORKSPACE_UUID.test(outcome.id);
}

const WORKSPACE_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Units of replay round n are planned as `replay-<n>/...` (`replay-<n>-<tag>/...` in a later
 * execution of the run name, workflows/planning/plan-ids.ts); the main pass's are round 0.
 */
function roundOfUnit(unit: string | undefined): number {
  const match = /^replay-(\d+)[-/]/.exec(unit ?? '');
  return match ? Number(match[1]) : 0;
}
