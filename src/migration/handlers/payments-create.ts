import type { TransactionBody } from '../contracts/migration-api.js';
import type { PhaseHandler, PlannedPhase, PlanContext } from '../engine/phase-handler.js';
import type { UnitRow } from '../contracts/unit-row.js';
import { isSettled } from '../outcomes/row-outcome.js';
import { ledgerliftRef, outcomesFor } from './outcomes.js';
import {
  PAYMENT_ALLOCATION,
  PAYMENT_TRANSACTION,
  partsOf,
  transactionAmount,
  type StagedPayment,
} from '../accounting/payment-parts.js';
import { emptyCounts, selectRow } from './selection.js';
import { bulkTransactionCalls } from './transaction-reconcile.js';
import type { Payment } from '../../ledger/index.js';

const build = outcomesFor('payments', 'create');

/**
 * Each payment's bank transaction, created in bulk and left uncategorized: the assign phase applies
 * it to its documents, which posts it against receivables or payables.
 */
export const paymentsCreate: PhaseHandler<TransactionBody[], StagedPayment> = {
  step: 'payments',
  phase: 'create',
  idempotent: false,

  async plan(context): Promise<PlannedPhase<StagedPayment>> {
    const counts = emptyCounts();
    const units = context.sink.batches(context.batchSize);
    for await (const staged of stagedPayments(context)) {
      counts.planned += 1;
      const allocationsDone = partsOf(staged)
        .filter((part) => part.allocation)
        .every((part) => isSettled(context.outcomes.get(PAYMENT_ALLOCATION, part.key)));
      if (allocationsDone) counts.done += 1;
      if (selectRow(context, PAYMENT_TRANSACTION, staged.payment.key) === 'plan') {
        await units.add({
          entity: PAYMENT_TRANSACTION,
          key: staged.payment.key,
          location: staged.payment.source,
          data: staged,
        });
      }
    }
    await units.flush();
    return { units: [], decided: [], counts };
  },

  prepare(context, rows) {
    const sent: Array<UnitRow<StagedPayment>> = [];
    const bodies: TransactionBody[] = [];
    const failed = [];
    for (const row of rows) {
      const { kind, payment } = row.data;
      const bank = context.refs.account(payment.bankAccountKey);
      if (!bank) {
        failed.push(
          build.failed(
            row,
            'dependency.missing',
            `its bank account ${payment.bankAccountKey} was not migrated`,
            context.unitId,
          ),
        );
        continue;
      }
      const party =
        kind === 'customer-payment'
          ? context.refs.customer(payment.partyKey)
          : context.refs.vendor(payment.partyKey);
      sent.push(row);
      bodies.push({
        accountUuid: bank,
        amount: transactionAmount(row.data),
        postedDate: payment.date,
        description: `${kind === 'customer-payment' ? 'Payment received' : 'Payment made'} ${payment.reference ?? payment.key}`,
        notes: [payment.reference, ledgerliftRef(row.entity, row.key)].filter(Boolean).join('\n'),
        currency: payment.currency,
        ...(party
          ? kind === 'customer-payment'
            ? { customerUuid: party }
            : { vendorUuid: party }
          : {}),
      });
    }
    return { request: bodies.length > 0 ? bodies : undefined, sent, failed };
  },

  ...bulkTransactionCalls(build, bankKey, (context, rows) => paymentsCreate.prepare(context, rows)),

  // A payment is finished when its allocations are applied, not when its transaction exists.
  recordsFinished: () => 0,
};

function bankKey(row: UnitRow<StagedPayment>): string {
  return row.data.payment.bankAccountKey;
}

/** The payments step's staged payments, in order. */
export async function* stagedPayments(context: PlanContext): AsyncGenerator<StagedPayment> {
  for await (const row of context.stagedRows('payments')) {
    if (row.entity === 'customer-payment' || row.entity === 'vendor-payment') {
      yield { kind: row.entity, payment: row.record as Payment };
    }
  }
}
