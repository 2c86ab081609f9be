import type { PurchaseDocument, SalesDocument } from '../../ledger/index.js';
import type { BillBody, InvoiceBody } from '../contracts/migration-api.js';
import type { UnitContext } from '../engine/phase-handler.js';
import { billsCreate } from '../handlers/bills-create.js';
import type { DocumentRow } from '../handlers/document-plans.js';
import { invoicesCreate } from '../handlers/invoices-create.js';

/**
 * The document that cancels one the run posted: the very request the run sent (rebuilt by the
 * step's own handler, so lines, accounts and amounts are the same), with its type flipped (an
 * invoice is cancelled by a credit memo, a credit memo by an invoice; bills by vendor memos) and
 * its number suffixed. Posted documents cannot be deleted (docs/accounting.md).
 */
export function correctingInvoice(
  context: UnitContext,
  key: string,
  row: DocumentRow<SalesDocument>,
  suffix: string,
): InvoiceBody | string {
  const prepared = invoicesCreate.prepare(context, [{ entity: 'invoice', key, data: row }]);
  if (!prepared.request) return prepared.failed[0]?.reason ?? 'its invoice cannot be rebuilt';
  const original = prepared.request;
  const memo = original.invoiceType === 'invoice';
  return {
    ...original,
    invoiceType: memo ? 'memo' : 'invoice',
    invoiceNumber: `${original.invoiceNumber}-${suffix}`,
    dueDate: memo ? null : original.date,
    isDraft: false,
  };
}

export function correctingBill(
  context: UnitContext,
  key: string,
  row: DocumentRow<PurchaseDocument>,
  suffix: string,
): BillBody | string {
  const prepared = billsCreate.prepare(context, [{ entity: 'bill', key, data: row }]);
  if (!prepared.request) return prepared.failed[0]?.reason ?? 'its bill cannot be rebuilt';
  const original = prepared.request;
  return {
    ...original,
    billType: original.billType === 'bill' ? 'vendor_memo' : 'bill',
    billNumber: `${original.billNumber}-${suffix}`,
    approvalStatus: 'approved',
    notes: `Reverses ${original.billNumber} (ledgerlift undo)`,
  };
}

/** The number the correction of a document carries, to find it again after an ambiguous create. */
export function correctionNumber(number: string, suffix: string): string {
  return `${number}-${suffix}`;
}
