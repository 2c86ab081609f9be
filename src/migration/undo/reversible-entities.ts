import { PAYMENT_PART, PAYMENT_SPLIT } from '../accounting/payment-parts.js';

/** Entities a reversal phase covers (plan-undo.ts). */
export const REVERSIBLE_ENTITIES: ReadonlySet<string> = new Set([
  'payment-allocation',
  'payment-transaction',
  'bank-transaction',
  'journal-entry',
  'invoice-tax',
  'invoice',
  'bill',
  'opening-balance',
  'customer',
  'vendor',
  'product',
  'account',
]);

/** Parts that go with their payment's transaction: reversed with it, never listed on their own. */
export const PARTS_OF_OTHERS: ReadonlySet<string> = new Set([PAYMENT_PART, PAYMENT_SPLIT]);
