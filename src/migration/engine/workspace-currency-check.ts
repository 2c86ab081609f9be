import type { MigrationApi } from '../contracts/migration-api.js';

/** The books' base currency is not the workspace's: nothing may be written or verified. */
export class WorkspaceCurrencyMismatch extends Error {
  override readonly name = 'WorkspaceCurrencyMismatch';
}

/**
 * Refuses a run whose books are in another currency than the workspace: the workspace would value
 * every amount in its own currency, and a verification in the books' currency would compare
 * figures that mean different things (a CAD run into a USD workspace once ended "verified").
 * One read of the workspace, before staging; dry runs and live runs alike.
 */
export async function checkWorkspaceCurrency(
  api: Pick<MigrationApi, 'getWorkspaceCurrency'>,
  booksCurrency: string,
): Promise<void> {
  const workspaceCurrency = (await api.getWorkspaceCurrency())?.toUpperCase();
  if (workspaceCurrency === undefined || workspaceCurrency === booksCurrency.toUpperCase()) return;
  throw new WorkspaceCurrencyMismatch(
    `The workspace's currency is ${workspaceCurrency}, but this run's books are in ${booksCurrency} (--currency ${booksCurrency}). A migration keeps the books' base currency: run into a workspace whose currency is ${booksCurrency}, or, if the books are in ${workspaceCurrency}, run with --currency ${workspaceCurrency}.`,
  );
}
