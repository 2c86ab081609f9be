import { PAYMENT_PART, PAYMENT_SPLIT } from '../accounting/payment-parts.js';
import { INVOICE_LINES } from '../handlers/invoices-reclassify-tax.js';

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
