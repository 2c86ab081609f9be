import type { PhaseHandler, PlannedPhase } from '../engine/phase-handler.js';
import { isSettled } from '../outcomes/row-outcome.js';
import { outcomesFor } from './outcomes.js';
import {
  PAYMENT_ALLOCATION,
  PAYMENT_PART,
  partsOf,
  type PaymentKind,
} from '../accounting/payment-parts.js';
import { stagedPayments } from './payments-create.js';
import { emptyCounts, selectRow } from './selection.js';

const build = outcomesFor('payments', 'assign');

interface AllocationRow {
  kind: PaymentKind;
  documentKey: string;
  amount: string;
  /** Every allocation key of the same payment: the payment is finished when all are applied. */
  siblings: string[];
}

interface AssignRequest {
  transactionId: string;
  matchingType: 'invoice' | 'bill';
  documentId: string;
  paymentAmount: string;
}

/** Applies each part of a payment to its document (assign-to-bills-invoices, never above amountDue). */
export const paymentsAssign: PhaseHandler<AssignRequest, AllocationRow> = {
  step: 'payments',
  phase: 'assign',
  idempotent: false,

  async plan(context): Promise<PlannedPhase<AllocationRow>> {
    for await (const staged of stagedPayments(context)) {
      const allocations = partsOf(staged).filter((part) => part.allocation);
      const siblings = allocations.map((part) => part.key);
      for (const part of allocations) {
        if (selectRow(context, PAYMENT_ALLOCATION, part.key) !== 'plan') continue;
        await context.sink.unit([
          {
            entity: PAYMENT_ALLOCATION,
            key: part.key,
            location: staged.payment.source,
            data: {
              kind: staged.kind,
              documentKey: part.allocation?.documentKey as string,
              amount: part.allocation?.amount as string,
              siblings,
            },
          },
        ]);
      }
    }
    return { units: [], decided: [], counts: emptyCounts() };
  },

  prepare(context, rows) {
    const [row] = rows;
    if (!row) return { request: undefined, sent: [], failed: [] };
    const invoice = row.data.kind === 'customer-payment';
    const transactionId = context.refs.id(PAYMENT_PART, row.key);
    const documentId = invoice
      ? context.refs.invoice(row.data.documentKey)
      : context.refs.bill(row.data.documentKey);
    if (!transactionId || !documentId) {
      const missing = !transactionId
        ? 'its bank transaction'
        : `${invoice ? 'invoice' : 'bill'} ${row.data.documentKey}`;
      return build.missingDependency([row], `${missing} was not migrated`, context.unitId);
    }
    return {
      request: {
        transactionId,
        matchingType: invoice ? 'invoice' : 'bill',
        documentId,
        paymentAmount: row.data.amount,
      },
      sent: [row],
      failed: [],
    };
  },

  send: (api, request) =>
    api.assignToDocument(
      request.transactionId,
      request.matchingType,
      request.documentId,
      request.paymentAmount,
    ),

  interpret: (context, written, sent) =>
    sent.map((row) => {
      const invoice = row.data.kind === 'customer-payment';
      const documentId = (
        invoice
          ? context.refs.invoice(row.data.documentKey)
          : context.refs.bill(row.data.documentKey)
      ) as string;
      return build.created(row, documentId, context.unitId, written.warnings);
    }),

  predict: (context, sent) => sent.map((row) => build.predicted(row, context.unitId)),

  lookups: () => 1,

  async reconcile(context, api, rows) {
    const [row] = rows;
    const transactionId = row ? context.refs.id(PAYMENT_PART, row.key) : undefined;
    if (!row || !transactionId) return { matched: [], nextPage: null };
    const transaction = await api.getTransaction(transactionId);
    const invoice = row.data.kind === 'customer-payment';
    const documentId = invoice
      ? context.refs.invoice(row.data.documentKey)
      : context.refs.bill(row.data.documentKey);
    const applied =
      documentId !== undefined &&
      (invoice ? transaction.invoiceId : transaction.billId) === documentId;
    return {
      matched: applied ? [build.matched(row, documentId, 'reconciled', context.unitId)] : [],
      nextPage: null,
    };
  },

  recordsFinished: (context, succeeded) =>
    succeeded.filter((row) =>
      row.data.siblings.every((key) => isSettled(context.outcomes.get(PAYMENT_ALLOCATION, key))),
    ).length,
};
