import type { BankTransaction } from '../../ledger/index.js';
import type { TransactionBody } from '../contracts/migration-api.js';
import type { PhaseHandler, PlannedPhase } from '../engine/phase-handler.js';
import type { UnitRow } from '../contracts/unit-row.js';
import { ledgerliftRef, outcomesFor } from './outcomes.js';
import { bulkTransactionCalls } from './transaction-reconcile.js';
import { emptyCounts, selectRow } from './selection.js';

const build = outcomesFor('bank-transactions', 'create');

interface BankRow {
  line: BankTransaction;
}

/** Bank lines posted in the legacy ledger, categorized, in bulk. */
export const bankTransactionsCreate: PhaseHandler<TransactionBody[], BankRow> = {
  step: 'bank-transactions',
  phase: 'create',
  idempotent: false,

  async plan(context): Promise<PlannedPhase<BankRow>> {
    const counts = emptyCounts();
    const units = context.sink.batches(context.batchSize);
    for await (const staged of context.stagedRows('bank-transactions')) {
      const line = staged.record as BankTransaction;
      counts.planned += 1;
      const selection = selectRow(context, 'bank-transaction', line.key);
      if (selection === 'settled') counts.done += 1;
      if (selection === 'plan')
        await units.add({
          entity: 'bank-transaction',
          key: line.key,
          location: line.source,
          data: { line },
        });
    }
    await units.flush();
    return { units: [], decided: [], counts };
  },

  prepare(context, rows) {
    const sent: Array<UnitRow<BankRow>> = [];
    const bodies: TransactionBody[] = [];
    const failed = [];
    for (const row of rows) {
      const { line } = row.data;
      const bank = context.refs.account(line.bankAccountKey);
      const category = line.categoryAccountKey
        ? context.refs.account(line.categoryAccountKey)
        : undefined;
      if (!bank || (line.categoryAccountKey && !category)) {
        const missing = !bank ? line.bankAccountKey : line.categoryAccountKey;
        failed.push(
          build.failed(
            row,
            'dependency.missing',
            `its account ${missing} was not migrated`,
            context.unitId,
          ),
        );
        continue;
      }
      const customer = line.customerKey ? context.refs.customer(line.customerKey) : undefined;
      const vendor = line.vendorKey ? context.refs.vendor(line.vendorKey) : undefined;
      sent.push(row);
      bodies.push({
        accountUuid: bank,
        amount: line.amount,
        postedDate: line.date,
        description: line.description || line.payee || line.reference || 'Bank transaction',
        notes: [line.reference, line.payee, ledgerliftRef(row.entity, row.key)]
          .filter(Boolean)
          .join('\n'),
        ...(category ? { categoryAccountUuid: category } : {}),
        ...(customer ? { customerUuid: customer } : {}),
        ...(vendor ? { vendorUuid: vendor } : {}),
      });
    }
    return { request: bodies.length > 0 ? bodies : undefined, sent, failed };
  },

  ...bulkTransactionCalls(build, bankKey, (context, rows) =>
    bankTransactionsCreate.prepare(context, rows),
  ),
};

function bankKey(row: UnitRow<BankRow>): string {
  return row.data.line.bankAccountKey;
}
