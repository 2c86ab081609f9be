import type {
  BulkRowResult,
  MigrationApi,
  TransactionBody,
  Written,
} from '../contracts/migration-api.js';
import type { PhaseHandler, Reconciled, UnitContext } from '../engine/phase-handler.js';
import type { UnitRow } from '../contracts/unit-row.js';
import type { RowOutcome } from '../outcomes/row-outcome.js';
import { bulkOutcomes, ledgerliftRef, predictEach, type outcomesFor } from './outcomes.js';
import { transactionRefusal } from './request-rules.js';
import { matchPage } from './reconcile-scan.js';

/** The legacy bank accounts of some rows, sorted: one reconciliation lookup each. */
function bankKeysOf<D>(rows: Array<UnitRow<D>>, bankKeyOf: (row: UnitRow<D>) => string): string[] {
  return [...new Set(rows.map(bankKeyOf))].sort();
}

/**
 * Finds transactions Ledgerlift created on one bank account (lookup = which account, an index into
 * the bank accounts of all the unit's rows) by the reference it wrote into their notes, scanning
 * the account's newest-first listing. `rows` are the rows still pending.
 */
async function reconcileTransactions<D>(
  context: UnitContext,
  api: MigrationApi,
  rows: Array<UnitRow<D>>,
  lookup: number,
  page: number,
  bankKeyOf: (row: UnitRow<D>) => string,
  matched: (row: UnitRow<D>, transactionId: string) => RowOutcome,
): Promise<Reconciled> {
  // Indexed over the unit's rows, not the pending ones: once one account's rows are all found,
  // the next lookup must still name the next account. (The unit's rows are this handler's rows.)
  const unitRows = (context.unitRows as Array<UnitRow<D>> | undefined) ?? rows;
  const bankKey = bankKeysOf(unitRows, bankKeyOf)[lookup];
  const account = bankKey ? context.refs.account(bankKey) : undefined;
  const onAccount = rows.filter((row) => bankKeyOf(row) === bankKey);
  if (!bankKey || !account || onAccount.length === 0) return { matched: [], nextPage: null };
  return matchPage(
    context,
    onAccount,
    await api.listTransactions(page, account),
    (row, transaction) => transaction.notes?.includes(ledgerliftRef(row.entity, row.key)) === true,
    (row, transaction) => matched(row, transaction.id),
  );
}

/**
 * The calls of a phase that creates transactions in bulk (bank lines, payments): send, read the
 * answer, predict (checking each body `prepare` builds against the API's rules, request-rules.ts),
 * and find the rows of a possibly applied call on their bank accounts.
 */
export function bulkTransactionCalls<D>(
  build: ReturnType<typeof outcomesFor>,
  bankKeyOf: (row: UnitRow<D>) => string,
  prepare: PhaseHandler<TransactionBody[], D>['prepare'],
): Pick<
  PhaseHandler<TransactionBody[], D>,
  'send' | 'interpret' | 'predict' | 'lookups' | 'reconcile'
> {
  return {
    send: (api, bodies) => api.createTransactions(bodies),
    interpret: (context, written, sent) =>
      bulkOutcomes(build, context, written as Written<BulkRowResult[]>, sent),
    predict: (context, sent) =>
      predictEach(build, context, prepare(context, sent), transactionRefusal),
    lookups: (rows) => bankKeysOf(rows, bankKeyOf).length,
    reconcile: (context, api, rows, lookup, page) =>
      reconcileTransactions(context, api, rows, lookup, page, bankKeyOf, (row, id) =>
        build.matched(row, id, 'reconciled', context.unitId),
      ),
  };
}
