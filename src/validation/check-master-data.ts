import type { RecordOf } from '../ledger/index.js';
import type { RecordCheck } from './record-check.js';

export function checkAccount(check: RecordCheck, account: RecordOf<'account'>): void {
  check.unique();
  const { state } = check;
  state.accounts.set(account.key, account.kind);
  if (account.parentKey !== undefined) {
    state.pendingParents.push({
      key: account.key,
      parentKey: account.parentKey,
      location: account.source,
    });
  }
  if (account.systemRole) {
    const holder = state.rolesSeen.get(account.systemRole);
    if (holder === undefined) state.rolesSeen.set(account.systemRole, account.key);
    else {
      check.add(
        'account.system-role-duplicate',
        `Account "${account.key}" and account "${holder}" both claim the ${account.systemRole} system role; only the first maps onto the workspace's ${account.systemRole} account. Set "systemRole": null for one of them under "accounts" in the override file if that is wrong.`,
      );
    }
  }
}

export function checkParty(
  check: RecordCheck,
  party: RecordOf<'customer'>,
  entity: 'customer' | 'vendor',
): void {
  check.unique();
  check.state.parties[entity].set(party.key, party.currency ?? '');
}

export function checkProduct(check: RecordCheck, product: RecordOf<'product'>): void {
  check.unique();
  check.state.products.add(product.key);
  check.account(product.incomeAccountKey, `The income account of product "${product.key}"`);
  check.account(product.expenseAccountKey, `The expense account of product "${product.key}"`);
}
