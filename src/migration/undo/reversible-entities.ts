import { PAYMENT_PART, PAYMENT_SPLIT } from '../accounting/payment-parts.js';
import { INVOICE_LINES } from '../handlers/invoices-reclassify-tax.js';
import { ownRecordId, type RowOutcome } from '../outcomes/row-outcome.js';

/** Entities a reversal phase covers (plan-undo.ts). */
const REVERSIBLE_ENTITIES: ReadonlySet<string> = new Set([
  'payment-allocation',
  'payment-transaction',
  'bank-transaction',
  'journal-entry',
  'invoice-tax',
  INVOICE_LINES,
  'invoice',
  'bill',
  'opening-balance',
  'customer',
  'vendor',
  'product',
  'account',
]);

/**
 * Whether a reversal phase covers a record the run created. Credit notes applied to invoices come
 * off with remove-credit; vendor credits have no unapply route (docs/api-assumptions.md, R37).
 */
export function isReversible(outcome: { entity: string; phase: string }): boolean {
  if (outcome.entity === 'credit-application') return outcome.phase === 'apply-credit';
  return REVERSIBLE_ENTITIES.has(outcome.entity);
}

/** Parts that go with their payment's transaction: reversed with it, never listed on their own. */
export const PARTS_OF_OTHERS: ReadonlySet<string> = new Set([PAYMENT_PART, PAYMENT_SPLIT]);

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
