import { centsOf, formatCents, sumCents } from '../../money/index.js';
import type { Payment } from '../../ledger/index.js';

export type PaymentKind = 'customer-payment' | 'vendor-payment';

export interface StagedPayment {
  kind: PaymentKind;
  payment: Payment;
}

/** One part of a payment's bank transaction: an allocation to a document, or the unallocated rest. */
export interface PaymentPart {
  /** Outcome key of the part: "<payment key>#<index>". */
  key: string;
  /** Signed as the bank sees it: money in positive (customers), money out negative (vendors). */
  amount: string;
  allocation?: { documentKey: string; amount: string };
}

/** Entity names under which payment phases record their outcomes. */
export const PAYMENT_TRANSACTION = 'payment-transaction';
export const PAYMENT_SPLIT = 'payment-split';
export const PAYMENT_PART = 'payment-part';
export const PAYMENT_ALLOCATION = 'payment-allocation';

/** The parts of a payment: allocations in order, then any remainder (which goes to clearing). */
export function partsOf({ kind, payment }: StagedPayment): PaymentPart[] {
  const sign = kind === 'customer-payment' ? 1n : -1n;
  const parts: PaymentPart[] = payment.allocations.map((allocation, index) => ({
    key: `${payment.key}#${index}`,
    amount: formatCents(sign * centsOf(allocation.amount)),
    allocation: { documentKey: allocation.documentKey, amount: allocation.amount },
  }));
  const rest =
    centsOf(payment.amount) - sumCents(payment.allocations.map((a) => centsOf(a.amount)));
  if (rest !== 0n)
    parts.push({ key: `${payment.key}#${parts.length}`, amount: formatCents(sign * rest) });
  return parts;
}

/** The signed amount of the payment's whole bank transaction. */
export function transactionAmount({ kind, payment }: StagedPayment): string {
  return formatCents((kind === 'customer-payment' ? 1n : -1n) * centsOf(payment.amount));
}
