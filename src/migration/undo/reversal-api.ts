import type { Written } from '../contracts/migration-api.js';

/**
 * The Partner API calls an undo makes beyond the migration's own (MigrationApi), one method per
 * call. The worker's API (src/migration/api-adapter/client-adapter.ts) provides them; an API
 * without one makes that reversal fail with a located reason instead of crashing the undo.
 */
export interface ReversalApi {
  /** Takes a payment transaction off the invoice or bill it was applied to. */
  unassignTransaction(
    transactionId: string,
    matchingType: 'invoice' | 'bill',
    documentId: string,
  ): Promise<Written<unknown>>;
  deleteTransaction(id: string): Promise<Written<unknown>>;
  deleteJournalEntry(id: string): Promise<Written<unknown>>;
  /** Drafts only: posted invoices and approved bills are corrected with memos. */
  deleteInvoice(id: string): Promise<Written<unknown>>;
  deleteBill(id: string): Promise<Written<unknown>>;
  /** A soft delete: the customer or vendor becomes inactive. */
  deleteCustomer(id: string): Promise<Written<unknown>>;
  deleteVendor(id: string): Promise<Written<unknown>>;
  /** A soft delete: the product becomes inactive. */
  deleteProduct(id: string): Promise<Written<unknown>>;
  /** Refused (400) for an account with activity or an open balance. */
  deleteAccount(id: string): Promise<Written<unknown>>;
  setAccountInactive(id: string): Promise<Written<unknown>>;
  /** Removes a published opening balance the workspace did not have before the run. */
  removeOpeningBalance(): Promise<Written<unknown>>;
}

/** The reversal call named, or an error saying the API this worker talks to lacks it. */
export function reversalCall<K extends keyof ReversalApi>(api: object, name: K): ReversalApi[K] {
  const method = (api as Partial<ReversalApi>)[name];
  if (typeof method !== 'function') {
    throw new MissingReversalCall(name);
  }
  return method.bind(api) as ReversalApi[K];
}

export class MissingReversalCall extends Error {
  constructor(readonly call: string) {
    super(
      `this worker's Partner API client has no ${call} call, so this record cannot be reversed`,
    );
    this.name = 'MissingReversalCall';
  }
}
