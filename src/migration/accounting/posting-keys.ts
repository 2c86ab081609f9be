import { CONVERSION_CLEARING_KEY, type SystemRole } from '../../ledger/index.js';

/**
 * Accounts the projection posts to that are not ordinary legacy accounts: the workspace's control
 * accounts (which legacy accounts with a system role map onto), Ledgerlift's conversion clearing
 * account, and the workspace's uncategorized accounts.
 */
export type ControlKey =
  `@${SystemRole}` | '@clearing' | '@uncategorized-income' | '@uncategorized-expense';

export const CLEARING: ControlKey = '@clearing';
export const RECEIVABLE: ControlKey = '@receivable';
export const PAYABLE: ControlKey = '@payable';
export const TAX: ControlKey = '@tax';
export const UNCATEGORIZED_INCOME: ControlKey = '@uncategorized-income';
export const UNCATEGORIZED_EXPENSE: ControlKey = '@uncategorized-expense';

/** The legacy key of Ledgerlift's own conversion clearing account, created in the accounts step. */
export const CLEARING_ACCOUNT_KEY = CONVERSION_CLEARING_KEY;
export const CLEARING_ACCOUNT_NAME = 'Ledgerlift Conversion Clearing';

/** Maps legacy account keys to the key the books are kept under: system accounts fold onto roles. */
export class PostingKeys {
  private readonly roles = new Map<string, SystemRole>();

  registerAccount(key: string, role: SystemRole | undefined): void {
    if (role) this.roles.set(key, role);
  }

  /** The key an amount posted to legacy account `key` lands on in the workspace. */
  of(key: string): string {
    const role = this.roles.get(key);
    return role ? `@${role}` : key;
  }

  /** True when the ledger has an account with this role (e.g. a tax account for tax lines). */
  hasRole(role: SystemRole): boolean {
    for (const value of this.roles.values()) if (value === role) return true;
    return false;
  }

  toJSON(): Record<string, SystemRole> {
    return Object.fromEntries(this.roles);
  }
}
