import type { Cents } from '../../src/money/index.js';
import { businessRule, notFound } from '../http/api-error.js';
import { BodyReader } from '../http/body-reader.js';
import type { DataRoute } from '../http/route.js';
import { billOf, billUpdated, billViewOf, notDeleted } from './bills-endpoints.js';
import { amountDueOf } from './invoice-model.js';
import {
  applyCredit,
  payWithTransactions,
  readTransactionIds,
  unpayFromBody,
} from './settlement.js';

export const billSettlementRoutes: DataRoute[] = [
  {
    method: 'POST',
    path: '/bills/:uuid/apply-vendor-memos',
    handler(ctx) {
      const bill = billOf(ctx);
      notDeleted(bill);
      const reader = BodyReader.of(ctx.body);
      const rows = (reader.objects('memos', { required: true }) ?? []).map((row) => {
        const memoUuid = row.uuid('memoUuid', { required: true });
        const amount = row.money('amount', { required: true, sign: 'positive' });
        row.finish();
        return { memoUuid, amount };
      });
      reader.finish();
      reader.assertValid();
      if (rows.length === 0) throw businessRule('memos must list at least one vendor memo.');
      if (bill.billType !== 'bill' || bill.approvalStatus !== 'approved') {
        throw businessRule('Vendor memos apply to approved bills only.');
      }
      let due = amountDueOf(bill);
      const creditLeft = new Map<string, Cents>();
      const applications = rows.map(({ memoUuid, amount }) => {
        const memo = ctx.ws.bills.get(memoUuid!);
        if (!memo || memo.isDeleted) throw notFound('Vendor memo', memoUuid!);
        if (memo.billType !== 'vendor_memo' || memo.approvalStatus !== 'approved') {
          throw businessRule(`${memo.billNumber} is not an approved vendor memo.`);
        }
        if (memo.vendorUuid !== bill.vendorUuid)
          throw businessRule('A vendor memo applies only to bills of the same vendor.');
        if (memo.currency !== bill.currency)
          throw businessRule('A vendor memo applies only to bills in its currency.');
        const left = creditLeft.get(memo.id) ?? amountDueOf(memo);
        if (amount! > left)
          throw businessRule(`Vendor memo ${memo.billNumber} has insufficient balance.`);
        if (amount! > due) throw businessRule('The memos exceed the amountDue of the bill.');
        creditLeft.set(memo.id, left - amount!);
        due -= amount!;
        return { memo, amount: amount! };
      });
      for (const { memo, amount } of applications) {
        applyCredit(memo, bill, amount, ctx.now);
        ctx.emit('bill.updated', billViewOf(ctx, memo));
      }
      return billUpdated(ctx, bill, 'Vendor memos applied.', reader);
    },
  },
  {
    method: 'POST',
    path: '/bills/:uuid/assign-transaction',
    handler(ctx) {
      const bill = billOf(ctx);
      notDeleted(bill);
      const { ids, reader } = readTransactionIds(ctx);
      if (bill.approvalStatus !== 'approved')
        throw businessRule('Payments apply to approved bills only.');
      if (bill.currency !== ctx.ws.meta.currency) {
        throw businessRule(
          'A foreign-currency bill is paid with POST /transactions/{uuid}/assign-to-bills-invoices only.',
        );
      }
      payWithTransactions(ctx.ws, bill, 'bill', ids, ctx.now);
      return billUpdated(ctx, bill, 'Transactions assigned.', reader);
    },
  },
  {
    method: 'POST',
    path: '/bills/:uuid/unassign-transaction',
    handler(ctx) {
      const bill = billOf(ctx);
      const reader = unpayFromBody(ctx, bill, 'bill');
      return billUpdated(ctx, bill, 'Transaction unassigned.', reader);
    },
  },
];
