import type { Party, PurchaseDocument, SalesDocument } from '../../ledger/index.js';
import { centsOf, formatCents } from '../../money/index.js';
import type { Row } from './csv-file.js';
import { addressCells } from './master-data-rows.js';
import { fourPlaces, xeroDate } from './xero-values.js';
import { documentTypeLabels, statusLabels, taxTypeOf } from './xero-labels.js';

/**
 * The export rows of an invoice, bill or credit: one per line, the document's fields repeated on
 * each. Amounts are tax exclusive (LineAmount is net), as the mapping expects when a document's
 * lines do not add up to its total.
 */
export function documentRows(
  document: SalesDocument | PurchaseDocument,
  party: Party | undefined,
  codeOf: (accountKey: string) => string,
): Row[] {
  const sales = 'customerKey' in document;
  const partyKey = sales ? document.customerKey : document.vendorKey;
  // Xero's AmountPaid counts payments and credits allocated: what is no longer due.
  const amountDue = document.amountDue ?? (document.status === 'paid' ? '0.00' : document.total);
  const head: Row = {
    ContactName: party?.name ?? partyKey,
    EmailAddress: party?.email,
    ...addressCells(party),
    InvoiceNumber: document.number,
    Reference: document.reference,
    InvoiceDate: xeroDate(document.date),
    DueDate: xeroDate(document.dueDate),
    Total: document.total,
    TaxTotal: document.taxTotal,
    InvoiceAmountPaid: formatCents(centsOf(document.total) - centsOf(amountDue)),
    InvoiceAmountDue: amountDue,
    Currency: document.currency,
    Type: documentTypeLabels[document.type],
    Sent: sales && document.status !== 'draft' ? 'Sent' : undefined,
    Status: statusLabels[document.status],
  };
  return document.lines.map((line) => ({
    ...head,
    InventoryItemCode: line.itemKey,
    Description: line.description,
    Quantity: fourPlaces(line.quantity),
    UnitAmount: fourPlaces(line.unitPrice),
    LineAmount: line.amount,
    AccountCode: codeOf(line.accountKey),
    TaxType: taxTypeOf(line.taxCode),
    TaxAmount: line.taxAmount,
  }));
}
