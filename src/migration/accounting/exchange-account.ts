import { accountTypeOf, type Account } from '../../ledger/index.js';
import type { WorkspaceAccount } from '../contracts/migration-api.js';

/**
 * The account foreign documents' exchange differences are booked on (docs/accounting.md, "Foreign
 * currency"). In order: the legacy account the override file marks (`"exchangeDifferences": true`),
 * else the first legacy income or expense account named for exchange gains or losses, else such an
 * account in the workspace's chart, else one the accounts step creates under this key and name.
 */
export const EXCHANGE_ACCOUNT_KEY = '@exchange-difference';
export const EXCHANGE_ACCOUNT_NAME = 'Exchange Gains/Losses';

/**
 * Whether any of `currencies` is not the books' own: only documents in another currency carry an
 * exchange difference, so books in one currency need no exchange account and no estimate.
 */
export function anyForeignCurrency(
  currencies: Iterable<string>,
  baseCurrency: string | undefined,
): boolean {
  for (const currency of currencies) if (currency !== baseCurrency) return true;
  return false;
}

/** Outcome key of a workspace account found for the purpose (entity `workspace-account`). */
export const WORKSPACE_EXCHANGE_ROLE = 'exchange-difference';

/** "Exchange Gains/Losses", "Foreign Currency Gains and Losses", "FX Loss", "Exchange Difference". */
const exchangeName = /\b(exchange|currency|fx)\b.*\b(gains?|loss(es)?|differences?)\b/i;

const profitAndLoss = new Set(['Income', 'Expenses']);

/** The legacy account chosen for exchange differences, if the chart has one. */
export function legacyExchangeAccount(accounts: readonly Account[]): Account | undefined {
  return (
    accounts.find((account) => account.exchangeDifferences) ??
    accounts.find(
      (account) =>
        !account.systemRole &&
        profitAndLoss.has(accountTypeOf(account.kind)) &&
        exchangeName.test(account.name),
    )
  );
}

/** A workspace account named for exchange gains or losses, if its chart has one. */
export function workspaceExchangeAccount(
  accounts: readonly WorkspaceAccount[],
): WorkspaceAccount | undefined {
  return accounts.find(
    (account) => profitAndLoss.has(account.type) && exchangeName.test(account.name),
  );
}
