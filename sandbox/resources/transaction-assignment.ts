import { newUuid } from '../ids.js';
import { businessRule, notFound } from '../http/api-error.js';
import { BodyReader } from '../http/body-reader.js';
import type { DataRoute } from '../http/route.js';
import type { TransactionRecord } from '../state/records.js';
import { billView } from './bill-model.js';
import { amountDueOf, invoiceView, type SettleableDocument } from './invoice-model.js';
import { payableTransaction } from './payment-rules.js';
import { assignTransaction, type PaymentTarget } from './settlement.js';
import { checkCategory } from './transaction-input.js';
import { magnitude, repostTransaction } from './transaction-posting.js';
import { transactionOf, txView } from './transaction-model.js';

export const transactionAssignmentRoutes: DataRoute[] = [
  {
    // Assumption R14: records are target UUIDs; paymentAmount only with a single record.
    method: 'POST',
    path: '/transactions/:uuid/assign-to-bills-invoices',
    handler(ctx) {
      const { ws } = ctx;
      const transaction = transactionOf(ctx);
      const {
        fields: { matchingType, records, paymentAmount },
        reader,
      } = BodyReader.read(ctx.body, (body) => ({
        matchingType: body.enumOf('matchingType', ['bill', 'invoice'] as const, { required: true }),
        records: body.uuidArray('records', { required: true }),
        paymentAmount: body.money('paymentAmount', { sign: 'positive' }),
      }));
      if (records!.length === 0) throw businessRule('records must list at least one document.');
      if (new Set(records).size !== records!.length)
        throw businessRule('records lists a document twice.');
      if (paymentAmount !== undefined && records!.length > 1) {
        throw businessRule(
          'paymentAmount applies to a single record; with several records each is paid its amountDue in order.',
        );
      }
      const documents: SettleableDocument[] = records!.map((id) => {
        if (matchingType === 'invoice') {
          const invoice = ws.invoices.get(id);
          if (!invoice) throw notFound('Invoice', id);
          if (invoice.invoiceType === 'memo')
            throw businessRule(
              'Credit memos cannot be assigned here; refund them with add-transactions.',
            );
          if (invoice.invoiceType !== 'invoice' || invoice.isDraft)
            throw businessRule(`${invoice.invoiceNumber} is not an approved invoice.`);
          return invoice;
        }
        const bill = ws.bills.get(id);
        if (!bill) throw notFound('Bill', id);
        if (bill.isDeleted || bill.approvalStatus !== 'approved')
          throw businessRule(`${bill.billNumber} is not an approved bill.`);
        return bill;
      });
      const vendorMemo = documents.some(
        (document) => 'billType' in document && document.billType === 'vendor_memo',
      );
      if (
        vendorMemo &&
        documents.some((document) => 'billType' in document && document.billType === 'bill')
      ) {
        throw businessRule('Bills and vendor memos are assigned separately.');
      }
      // Money in pays invoices and refunds vendor memos; money out pays bills.
      const expected = matchingType === 'invoice' || vendorMemo ? 'INCOME' : 'EXPENSE';
      const currency = documents[0]!.currency;
      if (documents.some((document) => document.currency !== currency))
        throw businessRule('All records must share one currency.');
      payableTransaction(ws, transaction.id, expected, currency);
      let available = magnitude(transaction.amount);
      const targets: PaymentTarget[] = [];
      if (paymentAmount !== undefined) {
        const document = documents[0]!;
        if (paymentAmount > amountDueOf(document))
          throw businessRule('paymentAmount exceeds the amountDue of the record.');
        if (paymentAmount > available)
          throw businessRule('paymentAmount exceeds the transaction amount.');
        targets.push({ document, amount: paymentAmount });
      } else {
        for (const document of documents) {
          const due = amountDueOf(document);
          if (due <= 0n) throw businessRule('A record has nothing left to pay.');
          const amount = due < available ? due : available;
          if (amount <= 0n)
            throw businessRule('The transaction is used up before the last record.');
          targets.push({ document, amount });
          available -= amount;
        }
      }
      assignTransaction(ws, transaction, matchingType!, targets, ctx.now);
      const view = txView(ctx, transaction);
      ctx.emit('transaction.updated', view);
      for (const { document } of targets) {
        if ('billType' in document) ctx.emit('bill.updated', billView(ws, document, ctx.today));
        else ctx.emit('invoice.updated', invoiceView(ws, document, ctx.today));
      }
      return {
        message: 'Transaction assigned.',
        data: { transaction: view },
        warnings: reader.warnings,
      };
    },
  },
  {
    // Assumption R15: splits have the parent's sign and sum to its amount.
    method: 'PUT',
    path: '/transactions/:uuid/split',
    handler(ctx) {
      const { ws } = ctx;
      const parent = transactionOf(ctx);
      const reader = BodyReader.of(ctx.body);
      const rows = (reader.objects('splits', { required: true }) ?? []).map((row) => {
        const amount = row.money('amount', { required: true, sign: 'nonZero' });
        const description = row.string('description', { allowEmpty: true, max: 1000 });
        const categoryAccountUuid = row.uuid('categoryAccountUuid', { nullable: true });
        checkCategory(ws, row, categoryAccountUuid);
        row.finish();
        return { amount, description, categoryAccountUuid };
      });
      reader.finish();
      reader.assertValid();
      if (parent.split) throw businessRule('The transaction is already split.');
      if (parent.parentUuid) throw businessRule('A split row cannot be split again.');
      if (parent.assignment) throw businessRule('Only unassigned transactions can be split.');
      if (parent.excluded) throw businessRule('An excluded transaction cannot be split.');
      if (rows.length < 2) throw businessRule('A split needs at least two rows.');
      let sum = 0n;
      for (const row of rows) {
        if (row.amount! > 0n !== parent.amount > 0n)
          throw businessRule('Every split row has the sign of the parent amount.');
        sum += row.amount!;
      }
      if (sum !== parent.amount)
        throw businessRule('The split rows must sum to the parent amount.');
      const children: TransactionRecord[] = rows.map((row) => ({
        ...parent,
        id: newUuid(),
        description: row.description ?? parent.description,
        amount: row.amount!,
        categoryAccountUuid: row.categoryAccountUuid ?? null,
        split: false,
        parentUuid: parent.id,
        childUuids: [],
        tagUuids: [...parent.tagUuids],
        assignment: null,
        journalEntryId: null,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      }));
      parent.split = true;
      parent.childUuids = children.map((child) => child.id);
      parent.updatedAt = ctx.now;
      repostTransaction(ws, parent, ctx.now);
      for (const child of children) {
        ws.transactions.set(child.id, child);
        repostTransaction(ws, child, ctx.now);
        ctx.emit('transaction.created', txView(ctx, child));
      }
      const view = txView(ctx, parent);
      ctx.emit('transaction.updated', view);
      return {
        data: { transaction: view, transactions: children.map((child) => txView(ctx, child)) },
        warnings: reader.warnings,
      };
    },
  },
];
