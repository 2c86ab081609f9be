import type { SystemRole } from '../../ledger/index.js';
import { CLEARING_ACCOUNT_KEY } from '../accounting/posting-keys.js';
import type { OutcomeView } from './outcome-view.js';

/** Roles of workspace accounts the migration posts to without a legacy account behind them. */
export type WorkspaceRole = SystemRole | 'uncategorized-income' | 'uncategorized-expense';

/**
 * Resolves legacy keys to workspace UUIDs through the outcome log, for building request bodies.
 * Every lookup answers undefined when the row it depends on has not succeeded (yet).
 */
export class References {
  constructor(private readonly outcomes: OutcomeView) {}

  account(key: string): string | undefined {
    return this.outcomes.idOf('account', key);
  }

  /** A workspace control account (receivables, payables, tax...) found by the accounts step. */
  role(role: WorkspaceRole): string | undefined {
    return this.outcomes.idOf('workspace-account', role);
  }

  clearing(): string | undefined {
    return this.outcomes.idOf('account', CLEARING_ACCOUNT_KEY);
  }

  customer(key: string): string | undefined {
    return this.outcomes.idOf('customer', key);
  }

  vendor(key: string): string | undefined {
    return this.outcomes.idOf('vendor', key);
  }

  product(key: string): string | undefined {
    return this.outcomes.idOf('product', key);
  }

  invoice(key: string): string | undefined {
    return this.outcomes.idOf('invoice', key);
  }

  bill(key: string): string | undefined {
    return this.outcomes.idOf('bill', key);
  }

  id(entity: string, key: string): string | undefined {
    return this.outcomes.idOf(entity, key);
  }
}
