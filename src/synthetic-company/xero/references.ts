import type { Account, BankTransaction, Party } from '../../ledger/index.js';
import type { ContactDefaults } from './master-data-rows.js';

/** What the rows refer to by name or code, gathered from master data as it streams past. */
export class References {
  readonly accounts = new Map<string, Account>();
  readonly customers = new Map<string, Party>();
  readonly vendors = new Map<string, Party>();
  private defaults: { customer: ContactDefaults; vendor: ContactDefaults } | undefined;

  /** Xero refers to accounts by code; an account without one (a bank, say) by its name. */
  readonly codeOf = (key: string): string => {
    const account = this.accounts.get(key);
    return account?.code ?? account?.name ?? key;
  };

  nameOf(entity: 'customer' | 'vendor', key: string): string {
    return (entity === 'customer' ? this.customers : this.vendors).get(key)?.name ?? key;
  }

  /** The name a bank line shows: its payee, else the customer's or supplier's it names. */
  bankLineName(
    line: Pick<BankTransaction, 'payee' | 'customerKey' | 'vendorKey'>,
  ): string | undefined {
    if (line.payee !== undefined) return line.payee;
    if (line.customerKey !== undefined) return this.nameOf('customer', line.customerKey);
    if (line.vendorKey !== undefined) return this.nameOf('vendor', line.vendorKey);
    return undefined;
  }

  /** A customer's sales account and a supplier's purchases account: the chart's first of each. */
  contactDefaults(entity: 'customer' | 'vendor'): ContactDefaults {
    if (!this.defaults) {
      const chart = [...this.accounts.values()];
      const first = (...kinds: Account['kind'][]) =>
        kinds
          .map((kind) => chart.find((account) => account.kind === kind))
          .find((account) => account !== undefined);
      const sales = first('revenue', 'other-income');
      const purchases = first('cost-of-sales', 'expense');
      this.defaults = {
        customer: { salesAccount: sales && this.codeOf(sales.key) },
        vendor: { purchasesAccount: purchases && this.codeOf(purchases.key) },
      };
    }
    return this.defaults[entity];
  }
}
