import type { Payment } from '../../ledger/index.js';
import type { StagedPayment } from '../accounting/payment-parts.js';
import type { PlanContext } from '../engine/phase-handler.js';

/** The payments step's staged payments, in order. */
export async function* stagedPayments(context: PlanContext): AsyncGenerator<StagedPayment> {
  for await (const row of context.stagedRows('payments')) {
    if (row.entity === 'customer-payment' || row.entity === 'vendor-payment') {
      yield { kind: row.entity, payment: row.record as Payment };
    }
  }
}
