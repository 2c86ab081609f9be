import type { MigrationApi } from '../api/migration-api.js';
import type { Reconciled, UnitContext, UnitRow } from '../engine/phase-handler.js';
import type { RowOutcome } from '../engine/row-outcome.js';
import { ledgerliftRef } from './outcomes.js';
import { matchPage } from './reconcile-scan.js';

/** The legacy bank accounts of some rows, sorted: one reconciliation lookup each. */
export function bankKeysOf<D>(
  rows: Array<UnitRow<D>>,
  bankKeyOf: (row: UnitRow<D>) => string,
): string[] {
  return [...new Set(rows.map(bankKeyOf))].sort();
}

/**
 * Finds transactions Ledgerlift created on one bank account (lookup = which account) by the
 * reference it wrote into their notes, scanning the account's newest-first listing.
 */
export async function reconcileTransactions<D>(
  context: UnitContext,
  api: MigrationApi,
  rows: Array<UnitRow<D>>,
  lookup: number,
  page: number,
  bankKeyOf: (row: UnitRow<D>) => string,
  matched: (row: UnitRow<D>, transactionId: string) => RowOutcome,
): Promise<Reconciled> {
  const bankKey = bankKeysOf(rows, bankKeyOf)[lookup];
  const account = bankKey ? context.refs.account(bankKey) : undefined;
  if (!bankKey || !account) return { matched: [], nextPage: null };
  return matchPage(
    context,
    rows.filter((row) => bankKeyOf(row) === bankKey),
    await api.listTransactions(page, account),
    (row, transaction) => transaction.notes?.includes(ledgerliftRef(row.entity, row.key)) === true,
    (row, transaction) => matched(row, transaction.id),
  );
}
