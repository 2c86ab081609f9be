import type { Payment } from '../../ledger/index.js';
import { partsOf } from '../accounting/payment-parts.js';
import {
  PAYMENT_ALLOCATION,
  PAYMENT_PART,
  PAYMENT_SPLIT,
  PAYMENT_TRANSACTION,
} from '../accounting/payment-parts.js';
import type { StagedRow } from '../contracts/staged-row.js';
import type { OutcomeView } from './outcome-view.js';
import { isSuccess, type RowOutcome } from './row-outcome.js';

export interface RecordStatus {
  status: 'done' | 'failed' | 'skipped' | 'pending';
  /** The outcome that decided it (the failure, for failed records). */
  outcome?: RowOutcome | undefined;
}

/**
 * Where a staged record stands. Most records are one outcome; a payment is done when all its
 * allocations are applied, and failed when any of its calls failed.
 */
export function recordStatus(view: OutcomeView, row: StagedRow): RecordStatus {
  const own = view.get(row.entity, row.key);
  if (own?.status === 'skipped') return { status: 'skipped', outcome: own };
  if (row.entity !== 'customer-payment' && row.entity !== 'vendor-payment') return statusOf(own);

  const parts = partsOf({ kind: row.entity, payment: row.record as Payment });
  const outcomes = [
    view.get(PAYMENT_TRANSACTION, row.key),
    ...(parts.length > 1 ? [view.get(PAYMENT_SPLIT, row.key)] : []),
    ...parts.map((part) => view.get(PAYMENT_PART, part.key)),
    ...parts
      .filter((part) => part.allocation)
      .map((part) => view.get(PAYMENT_ALLOCATION, part.key)),
  ];
  const failed = outcomes.find((outcome) => outcome?.status === 'failed');
  if (failed) return { status: 'failed', outcome: failed };
  const skipped = outcomes.find((outcome) => outcome?.status === 'skipped');
  if (skipped) return { status: 'skipped', outcome: skipped };
  const allocations = parts
    .filter((part) => part.allocation)
    .map((part) => view.get(PAYMENT_ALLOCATION, part.key));
  return allocations.every(isSuccess)
    ? { status: 'done', outcome: allocations[0] }
    : { status: 'pending' };
}

function statusOf(outcome: RowOutcome | undefined): RecordStatus {
  if (!outcome) return { status: 'pending' };
  if (isSuccess(outcome)) return { status: 'done', outcome };
  return { status: outcome.status === 'skipped' ? 'skipped' : 'failed', outcome };
}
