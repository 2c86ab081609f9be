import { credit, debit } from '../journal/posting-journal.js';
import { decimal, money } from '../http/views.js';
import type { BillRecord } from '../state/records.js';
import type { WorkspaceData } from '../state/workspace-state.js';
import { baseValueView, requireRate, toWorkspaceCurrency } from '../state/exchange-rates.js';
import { allocatedOf, amountDueOf, paymentStatusOf } from './invoice-model.js';

/** Combined approval and payment status (assumption R21). */
function billStatusOf(bill: BillRecord, today: string): string {
  if (bill.approvalStatus !== 'approved') return bill.approvalStatus;
  const payment = paymentStatusOf(bill);
  if (payment === 'paid') return 'paid';
  if (bill.billType === 'bill' && bill.dueDate !== null && bill.dueDate < today) return 'overdue';
  return payment;
}

export function billView(
  ws: WorkspaceData,
  bill: BillRecord,
  today: string,
): Record<string, unknown> {
  const vendor = ws.vendors.get(bill.vendorUuid);
  return {
    id: bill.id,
    billNumber: bill.billNumber,
    billType: bill.billType,
    date: bill.date,
    dueDate: bill.dueDate,
    currency: bill.currency,
    approvalStatus: bill.approvalStatus,
    status: billStatusOf(bill, today),
    total: money(bill.total),
    paidAmount: money(allocatedOf(bill)),
    amountDue: money(amountDueOf(bill)),
    ...baseValueView(
      bill.exchangeRate,
      bill.lineItems.map((line) => line.total),
    ),
    notes: bill.notes,
    purchaseOrderNumber: bill.purchaseOrderNumber,
    isDeleted: bill.isDeleted,
    vendor: vendor
      ? {
          id: vendor.id,
          name: vendor.name,
          email: vendor.email,
          ...(vendor.address ? { address: vendor.address } : {}),
        }
      : null,
    lineItems: bill.lineItems.map((line) => {
      const view: Record<string, unknown> = {
        id: line.id,
        description: line.description,
        quantity: decimal(line.quantity),
        price: decimal(line.price),
        total: money(line.total),
        categoryAccountUuid: line.categoryAccountUuid,
      };
      if (line.projectUuid) view.projectUuid = line.projectUuid;
      if (line.customerUuid) view.customerUuid = line.customerUuid;
      return view;
    }),
    transactions: bill.allocations
      .filter((allocation) => allocation.kind === 'transaction')
      .map((allocation) => ({
        transactionUuid: allocation.counterpartUuid,
        amount: money(allocation.amount),
        date: allocation.date,
      })),
    appliedVendorMemos: bill.allocations
      .filter((allocation) => allocation.kind === 'credit')
      .map((allocation) => ({
        [bill.billType === 'vendor_memo' ? 'billUuid' : 'memoUuid']: allocation.counterpartUuid,
        amount: money(allocation.amount),
        date: allocation.date,
      })),
    tagUuids: bill.tagUuids,
    projectUuid: bill.projectUuid,
    createdAt: bill.createdAt,
    updatedAt: bill.updatedAt,
  };
}

/**
 * Posts the accrual journal (assumption R12): Dr each line's account for quantity × price, Cr
 * Accounts Payable for the total; a vendor memo posts the reverse.
 */
export function postBill(ws: WorkspaceData, bill: BillRecord, now: string): void {
  if (bill.journalEntryId) return;
  const payable = ws.system('accountsPayable');
  const sign = bill.billType === 'vendor_memo' ? -1n : 1n;
  // A foreign bill is valued at the workspace's rate on its date (assumption R34).
  const rate = requireRate(ws.meta, bill.currency, bill.date);
  if (rate !== '1') bill.exchangeRate = rate;
  const amounts = toWorkspaceCurrency(
    bill.lineItems.map((line) => line.total),
    rate,
  );
  const total = rate === '1' ? bill.total : amounts.reduce((sum, amount) => sum + amount, 0n);
  const lines = bill.lineItems.map((line, index) =>
    debit(line.categoryAccountUuid, sign * (amounts[index] ?? 0n), line.description),
  );
  lines.push(credit(payable, sign * total, bill.billNumber));
  bill.journalEntryId = ws.journal.post(
    {
      date: bill.date,
      memo: `${bill.billType === 'vendor_memo' ? 'Vendor memo' : 'Bill'} ${bill.billNumber}`,
      referenceNumber: bill.billNumber,
      source: { type: 'bill', uuid: bill.id },
      lines,
    },
    now,
  );
}
