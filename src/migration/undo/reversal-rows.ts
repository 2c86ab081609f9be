import type { PurchaseDocument, SalesDocument } from '../../ledger/index.js';
import type { JournalEntryBody } from '../contracts/migration-api.js';
import type { DocumentRow } from '../handlers/document-plans.js';

/** Outcome entity of a reversal: the reversed record's entity, prefixed. */
export function reversalEntity(entity: string): string {
  return `reversal:${entity}`;
}

/**
 * Outcome key of a reversal: the record's key and workspace id, so a record the run creates again
 * after an undo (a new id) is reversed again by a later undo, and never the same one twice.
 */
export function reversalKey(key: string, id: string): string {
  return `${key}@${id}`;
}

/** The live outcome a reversal voids, so a later live run of the step creates the record again. */
export interface Voided {
  entity: string;
  key: string;
}

interface Base {
  /** The record reversed: its entity, key and workspace id. */
  entity: string;
  key: string;
  id: string;
  /** Live outcomes the reversal voids when it succeeds (the record's, and its parts'). */
  voids: Voided[];
}

export type ReversalData =
  | (Base & { kind: 'unassign'; transactionId: string; matchingType: 'invoice' | 'bill' })
  | (Base & {
      kind: 'remove-credit';
      /** The credit note and the invoice it was applied to, by workspace id. */
      memoId: string;
      invoiceId: string;
    })
  | (Base & { kind: 'delete-transaction' })
  | (Base & { kind: 'delete-journal-entry' })
  | (Base & { kind: 'delete-draft'; document: 'invoice' | 'bill' })
  | (Base & {
      kind: 'correct-invoice';
      row: DocumentRow<SalesDocument>;
      /** Appended to the correcting memo's number: unique per undo. */
      suffix: string;
    })
  | (Base & { kind: 'correct-bill'; row: DocumentRow<PurchaseDocument>; suffix: string })
  | (Base & {
      kind: 'apply-correction';
      document: 'invoice' | 'bill';
      /** Whether the run's document was itself a memo (then the correction is the invoice). */
      originalIsMemo: boolean;
      /** The correction's reversal outcome, which holds its id and total. */
      correction: { entity: string; key: string };
    })
  | (Base & {
      kind: 'restore-opening-balance';
      rows: Array<{ accountUuid: string; debit: string; credit: string }>;
    })
  | (Base & { kind: 'reverse-opening-balance'; entry: JournalEntryBody })
  | (Base & { kind: 'deactivate'; party: 'customer' | 'vendor' | 'product' })
  | (Base & { kind: 'delete-account' })
  | (Base & { kind: 'inactivate-account' });
