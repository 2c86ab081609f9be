import type { Cents } from '../../src/money/index.js';
import { businessRule, notFound } from '../http/api-error.js';
import type { DataRoute } from '../http/route.js';
import { billOf, billUpdated, billViewOf, notDeleted } from './bills-endpoints.js';
import { amountDueOf } from './invoice-model.js';
import { applyCredit, readCreditRows, transactionPaymentRoutes } from './settlement.js';

export const billSettlementRoutes: DataRoute[] = [
  {
    method: 'POST',
    path: '/bills/:uuid/apply-vendor-memos',
    handler(ctx) {
      const bill = billOf(ctx);
      notDeleted(bill);
      const { rows, reader } = readCreditRows(
        ctx,
        'memos',
        'memoUuid',
        'memos must list at least one vendor memo.',
      );
      if (bill.billType !== 'bill' || bill.approvalStatus !== 'approved') {
        throw businessRule('Vendor memos apply to approved bills only.');
      }
      let due = amountDueOf(bill);
      const creditLeft = new Map<string, Cents>();
      const applications = rows.map(({ id, amount }) => {
        const memo = ctx.ws.bills.get(id);
        if (!memo || memo.isDeleted) throw notFound('Vendor memo', id);
        if (memo.billType !== 'vendor_memo' || memo.approvalStatus !== 'approved') {
          throw businessRule(`${memo.billNumber} is not an approved vendor memo.`);
        }
        if (memo.vendorUuid !== bill.vendorUuid)
          throw businessRule('A vendor memo applies only to bills of the same vendor.');
        if (memo.currency !== bill.currency)
          throw businessRule('A vendor memo applies only to bills in its currency.');
        const left = creditLeft.get(memo.id) ?? amountDueOf(memo);
        if (amount > left)
          throw businessRule(`Vendor memo ${memo.billNumber} has insufficient balance.`);
        if (amount > due) throw businessRule('The memos exceed the amountDue of the bill.');
        creditLeft.set(memo.id, left - amount);
        due -= amount;
        return { memo, amount };
      });
      for (const { memo, amount } of applications) {
        applyCredit(memo, bill, amount, ctx.now);
        ctx.emit('bill.updated', billViewOf(ctx, memo));
      }
      return billUpdated(ctx, bill, 'Vendor memos applied.', reader);
    },
  },
  ...transactionPaymentRoutes({
    matchingType: 'bill',
    assign: {
      method: 'POST',
      path: '/bills/:uuid/assign-transaction',
      message: 'Transactions assigned.',
    },
    unassign: {
      method: 'POST',
      path: '/bills/:uuid/unassign-transaction',
      message: 'Transaction unassigned.',
    },
    payee(ctx) {
      const bill = billOf(ctx);
      notDeleted(bill);
      return bill;
    },
    documentOf: billOf,
    checkPayable(ctx, bill) {
      if (bill.approvalStatus !== 'approved')
        throw businessRule('Payments apply to approved bills only.');
      if (bill.currency !== ctx.ws.meta.currency) {
        throw businessRule(
          'A foreign-currency bill is paid with POST /transactions/{uuid}/assign-to-bills-invoices only.',
        );
      }
    },
    updated: billUpdated,
  }),
];
