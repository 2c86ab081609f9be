import type { CallNote } from '../call-log/capture-calls.js';
import { isSuccess, type RowOutcome } from '../outcomes/row-outcome.js';

const WORKSPACE_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What the call log keeps of a write's answer: the rows sent, the UUIDs it produced, and the fields
 * it warned about. A warning's message can quote a customer's values, so only its field is kept
 * ("field: message" in the outcome, src/migration/handlers/outcomes.ts).
 */
export function noteOf(rowsSent: number, outcomes: readonly RowOutcome[]): CallNote {
  const ids = new Set<string>();
  const warnings = new Set<string>();
  for (const outcome of outcomes) {
    // Some phases record a marker ("applied", "published") where no record is created.
    if (outcome.id && isSuccess(outcome) && WORKSPACE_UUID.test(outcome.id)) ids.add(outcome.id);
    for (const warning of outcome.warnings ?? []) warnings.add(warning.split(': ')[0] ?? '');
  }
  return { rowsSent, ids: [...ids], warnings: [...warnings].filter((field) => field !== '') };
}
