import { accountTypeOf, type Account } from '../../ledger/index.js';
import type { WorkspaceAccount } from '../contracts/migration-api.js';
import { sameName } from './outcomes.js';

/**
 * The workspace account a legacy account maps onto: the only one not yet `claimed` of its type
 * whose number is the account's code or whose name is its name. It is then added to `claimed`, so
 * no second legacy account maps onto it. Undefined when none or several fit: the account is created.
 */
export function claimExistingAccount(
  account: Pick<Account, 'kind' | 'code' | 'name'>,
  workspace: readonly WorkspaceAccount[],
  claimed: Set<string>,
): string | undefined {
  const type = accountTypeOf(account.kind);
  const existing = workspace.filter(
    (candidate) =>
      !claimed.has(candidate.id) &&
      candidate.type === type &&
      ((account.code !== undefined && candidate.accountNumber === account.code) ||
        sameName(candidate.name, account.name)),
  );
  if (existing.length !== 1 || !existing[0]) return undefined;
  claimed.add(existing[0].id);
  return existing[0].id;
}
