import { centsOf, type Cents } from '../../money/index.js';
import type { PurchaseDocument, SalesDocument } from '../../ledger/index.js';

/** Settlements (payments and credit applications) of one document, split at the cutover date. */
export interface Settlements {
  beforeCutover: Cents;
  /** Everything settled on or after the cutover, including after the end date. */
  fromCutover: Cents;
  /** The part of `fromCutover` dated after the end date: it does not reduce what is due at the end. */
  afterEnd: Cents;
}

export function emptySettlements(): Settlements {
  return { beforeCutover: 0n, fromCutover: 0n, afterEnd: 0n };
}

/**
 * How much of a document dated before the cutover was still open at the cutover: that is what the
 * conversion document must carry, so receivables and payables equal the legacy balances at C.
 *
 * - With the export's `amountDue` (as of the export), add back what was settled from the cutover on.
 * - A paid document without `amountDue` was open at C by exactly what was settled from C on.
 * - Otherwise, the total less what was settled before C.
 * The result is clamped to [0, total]; `clamped` says when the data disagreed with itself.
 */
export function outstandingAtCutover(
  document: SalesDocument | PurchaseDocument,
  settlements: Settlements,
): { outstanding: Cents; clamped: boolean } {
  const total = centsOf(document.total);
  let outstanding: Cents;
  if (document.amountDue !== undefined) {
    outstanding = centsOf(document.amountDue) + settlements.fromCutover;
  } else if (document.status === 'paid') {
    outstanding = settlements.fromCutover;
  } else {
    outstanding = total - settlements.beforeCutover;
  }
  if (outstanding < 0n) return { outstanding: 0n, clamped: true };
  if (outstanding > total) return { outstanding: total, clamped: true };
  return { outstanding, clamped: false };
}
