import type { SourceLocation } from '../../ledger/index.js';
import { PAYMENT_ALLOCATION } from '../accounting/payment-parts.js';
import type { PhaseName, StepName } from '../contracts/steps.js';

/**
 * What happened to one row, appended to the run's outcome log. The latest entry per entity and key
 * wins; entries with an `id` form the legacy-id to UUID map that makes the migration idempotent.
 */
export interface RowOutcome {
  /** A canonical entity, or a derived one such as "payment-allocation". */
  entity: string;
  key: string;
  status: 'created' | 'matched' | 'failed' | 'skipped';
  /** The workspace UUID (a dry run's predictions use "dry:" ids). */
  id?: string;
  /** Stable code for failures and skips: "api.400", "dependency.missing", "operator.skipped"... */
  code?: string;
  /** The API's reason, or why the row was skipped, in words a consultant understands. */
  reason?: string;
  step: StepName;
  phase: PhaseName;
  unit?: string;
  location?: SourceLocation;
  /**
   * Money the row booked when a phase computes the amount itself: an exchange difference (base
   * currency; what the document's amount due moved by, legacy value less the workspace's).
   */
  amount?: string;
  /** Warnings the API returned with the write (`_partnerWarnings`), as "field: message". */
  warnings?: string[];
  /**
   * Set on a failure after a call that may have been applied (a timeout, say): whoever sends this
   * row again reconciles against the workspace first, so a replay can never duplicate it.
   */
  maybeApplied?: true;
  /**
   * When the call that settled this row was sent (ISO; live runs only), shared by every row of that
   * call. The report draws calls per minute and each step's progress over time from it; it lives in
   * the run store, never in Temporal history.
   */
  sentAt?: string;
}

/**
 * The id of the workspace record the outcome is about, when its id names that record (most do). A
 * payment's allocation holds the id of the document it is allocated to, which may be a record the
 * workspace held before the run: that id is another record's, not the allocation's.
 */
export function ownRecordId(outcome: RowOutcome): string | undefined {
  return outcome.entity === PAYMENT_ALLOCATION ? undefined : outcome.id;
}

export function isSuccess(outcome: RowOutcome | undefined): boolean {
  return outcome?.status === 'created' || outcome?.status === 'matched';
}

/** Settled: succeeded, or skipped on purpose; nothing more will be done for it. */
export function isSettled(outcome: RowOutcome | undefined): boolean {
  return isSuccess(outcome) || outcome?.status === 'skipped';
}
