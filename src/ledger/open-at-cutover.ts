import { type Cents, centsOf } from '../money/index.js';
import type { PurchaseDocument, SalesDocument } from './model.js';

/** What a document dated before the cutover needs to say how much of it was open at the cutover. */
export interface CutoverDocument {
  total: Cents;
  /** Outstanding as of the export, when the export says. */
  amountDue?: Cents | undefined;
  /** Outstanding at the end of the day before the cutover, when the exports say (model.ts). */
  dueAtCutover?: Cents | undefined;
  status: 'draft' | 'open' | 'paid' | 'void';
}

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
 * How much of a document dated before the cutover was still open at the cutover: what its
 * conversion document carries, and what the receivables or payables opening balance must equal.
 * The one rule, used by validation and by staging.
 *
 * - What was due at the cutover, when the exports say so (an aged report's open item).
 * - With the export's `amountDue` (as of the export), add back what was settled from the cutover on.
 * - A paid document without `amountDue` was open at C by exactly what was settled from C on.
 * - Otherwise, the total less what was settled before C.
 * The result is clamped to [0, total]; `clamped` says when the data disagreed with itself.
 */
export function openAtCutover(
  document: CutoverDocument,
  settlements: Settlements,
): { outstanding: Cents; clamped: boolean } {
  let outstanding: Cents;
  if (document.dueAtCutover !== undefined) outstanding = document.dueAtCutover;
  else if (document.amountDue !== undefined)
    outstanding = document.amountDue + settlements.fromCutover;
  else if (document.status === 'paid') outstanding = settlements.fromCutover;
  else outstanding = document.total - settlements.beforeCutover;
  if (outstanding < 0n) return { outstanding: 0n, clamped: true };
  if (outstanding > document.total) return { outstanding: document.total, clamped: true };
  return { outstanding, clamped: false };
}

/** `openAtCutover` for a canonical sales or purchase document. */
export function outstandingAtCutover(
  document: SalesDocument | PurchaseDocument,
  settlements: Settlements,
): { outstanding: Cents; clamped: boolean } {
  return openAtCutover(
    {
      total: centsOf(document.total),
      amountDue: document.amountDue === undefined ? undefined : centsOf(document.amountDue),
      dueAtCutover:
        document.dueAtCutover === undefined ? undefined : centsOf(document.dueAtCutover),
      status: document.status,
    },
    settlements,
  );
}
