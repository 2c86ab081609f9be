import type { BillBody, InvoiceBody, MigrationApi, Written } from '../contracts/migration-api.js';
import { PartnerApiError } from '../../partner-api/errors.js';
import type { ReversalData } from './reversal-rows.js';

/** What one reversal unit sends: the row's reversal, with what was resolved when preparing it. */
export type ReversalRequest =
  | { data: ReversalData }
  | { data: ReversalData; body: InvoiceBody | BillBody }
  | { data: ReversalData; memoId: string; targetId: string; amount: string };

/**
 * A delete that finds nothing to delete: an earlier attempt (a timeout, a crashed worker) already
 * did it, so a 404 after a delete means done.
 */
async function gone(call: Promise<Written<unknown>>): Promise<Written<unknown>> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof PartnerApiError && error.kind === 'not-found') {
      return { data: { alreadyGone: true }, warnings: [] };
    }
    throw error;
  }
}

/**
 * Sends one reversal: exactly one API call. A call the worker's API client lacks answers
 * `missingCall` instead, and the record is listed as not reversed with that reason.
 */
export async function sendReversal(
  api: MigrationApi,
  request: ReversalRequest,
): Promise<Written<unknown>> {
  try {
    return await sendOne(api, request);
  } catch (error) {
    if (error instanceof MissingReversalCall) {
      return { data: { missingCall: error.message }, warnings: [] };
    }
    throw error;
  }
}

function sendOne(api: MigrationApi, request: ReversalRequest): Promise<Written<unknown>> {
  const { data } = request;
  switch (data.kind) {
    case 'unassign':
      return data.matchingType === 'invoice'
        ? api.unassignFromInvoice(data.id, data.transactionId)
        : api.unassignFromBill(data.id, data.transactionId);
    case 'remove-credit':
      return api.removeCreditFromInvoice(data.invoiceId, data.memoId);
    case 'delete-transaction':
      return gone(api.deleteTransaction(data.id));
    case 'delete-journal-entry':
      return gone(api.deleteJournalEntry(data.id));
    case 'delete-draft':
      return gone(
        data.document === 'invoice'
          ? api.deleteDraftInvoice(data.id)
          : api.deleteDraftBill(data.id),
      );
    case 'correct-invoice':
      return api.createInvoice((request as { body: InvoiceBody }).body);
    case 'correct-bill':
      return api.createBill((request as { body: BillBody }).body);
    case 'apply-correction': {
      const { memoId, targetId, amount } = request as {
        memoId: string;
        targetId: string;
        amount: string;
      };
      return data.document === 'invoice'
        ? api.applyCreditToInvoices(memoId, [{ id: targetId, amount }])
        : api.applyVendorMemos(targetId, [{ memoUuid: memoId, amount }]);
    }
    case 'restore-opening-balance':
      return data.rows.length > 0
        ? api.publishOpeningBalance(data.rows, true)
        : Promise.reject(new MissingReversalCall('removeOpeningBalance'));
    case 'reverse-opening-balance':
      return api.createJournalEntry(data.entry);
    case 'deactivate':
      return gone(
        // A customer with documents cannot be deleted, only set inactive (the run's documents stay).
        data.party === 'customer'
          ? api.setCustomerStatus(data.id, 'inactive')
          : data.party === 'vendor'
            ? api.deleteVendor(data.id)
            : api.deleteProduct(data.id),
      );
    case 'delete-account':
      return gone(api.deleteAccount(data.id));
    case 'inactivate-account':
      return api.setAccountStatus(data.id, 'inactive');
  }
}

/**
 * A reversal the API this worker talks to cannot make (an opening balance cannot go back to none,
 * docs/api-assumptions.md R37): the record is listed as not reversed with this reason.
 */
class MissingReversalCall extends Error {
  constructor(readonly call: string) {
    super(`the Partner API has no ${call} call, so this record cannot be reversed`);
    this.name = 'MissingReversalCall';
  }
}
