import { API_TEXT_LIMITS, cutText, type BankTransaction } from '../../ledger/index.js';
import type { TransactionBody } from '../contracts/migration-api.js';
import type { PhaseHandler, PlannedPhase } from '../engine/phase-handler.js';
import type { UnitRow } from '../contracts/unit-row.js';
import { ledgerliftRef, notesWith, outcomesFor } from './outcomes.js';
import { bulkTransactionCalls } from './transaction-reconcile.js';
import { countDecided, emptyCounts, selectRow } from './selection.js';
import { centsOf } from '../../money/index.js';

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
      if (selection !== 'plan') continue;
      const row = {
        entity: 'bank-transaction',
        key: line.key,
        location: line.source,
        data: { line },
      };
      const nothing = nothingToPost(line);
      if (nothing) {
        await context.sink.decided(build.skipped(row, 'bank.nothing-to-post', nothing));
        countDecided(counts, 'skipped');
      } else await units.add(row);
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
        description: cutText(
          line.description || line.payee || line.reference || 'Bank transaction',
          API_TEXT_LIMITS.description,
        ),
        notes: notesWith([line.reference, line.payee], ledgerliftRef(row.entity, row.key)),
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

/**
 * Why a bank line posts nothing, which the API refuses to take (a zero amount; a line categorised
 * to its own account, R13, R28): it is skipped, and the books are the same (validation notes it).
 */
function nothingToPost(line: BankTransaction): string | undefined {
  if (centsOf(line.amount) === 0n)
    return `${line.key} moves no money (0.00), which the API does not take; it posts nothing, so it is not migrated.`;
  if (line.categoryAccountKey === line.bankAccountKey)
    return `${line.key} is categorised to its own account ${line.bankAccountKey}, which the API does not take; it posts nothing, so it is not migrated.`;
  return undefined;
}

function bankKey(row: UnitRow<BankRow>): string {
  return row.data.line.bankAccountKey;
}
