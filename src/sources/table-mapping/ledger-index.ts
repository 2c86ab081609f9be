import type { AccountKind, LedgerRecord, SystemRole } from '../../ledger/index.js';

/** The middle dot QuickBooks Desktop writes between an account's number and its name. */
const NUMBERED = '\u00b7';

interface AccountEntry {
  key: string;
  kind: AccountKind;
  systemRole?: SystemRole | undefined;
  currency?: string | undefined;
}

/**
 * What the mappings need to know about master data already read (accounts, parties, products):
 * legacy exports refer to them by name, by code or by "Parent:Child" path, while the canonical
 * ledger refers by key. Only master data is indexed, so memory does not grow with documents.
 */
export class LedgerIndex {
  private readonly accounts = new Map<string, AccountEntry>();
  private readonly accountAliases = new Map<string, string>();
  /** The first account of the chart holding each system role (tax, receivables...). */
  private readonly systemAccounts = new Map<SystemRole, string>();
  private readonly products = new Map<
    string,
    { incomeAccountKey?: string; expenseAccountKey?: string }
  >();
  private readonly productAliases = new Map<string, string>();
  private readonly parties = {
    customer: new Map<string, string>(),
    vendor: new Map<string, string>(),
  };

  add(record: LedgerRecord, aliases: readonly string[] = []): void {
    switch (record.entity) {
      case 'account': {
        const { key, code, name, kind, systemRole, currency } = record.value;
        this.accounts.set(key, { key, kind, systemRole, currency });
        if (systemRole && !this.systemAccounts.has(systemRole))
          this.systemAccounts.set(systemRole, key);
        for (const alias of [key, code, name, ...aliases])
          this.alias(this.accountAliases, alias, key);
        break;
      }
      case 'product': {
        const { key, name, sku, incomeAccountKey, expenseAccountKey } = record.value;
        const accounts: { incomeAccountKey?: string; expenseAccountKey?: string } = {};
        if (incomeAccountKey) accounts.incomeAccountKey = incomeAccountKey;
        if (expenseAccountKey) accounts.expenseAccountKey = expenseAccountKey;
        this.products.set(key, accounts);
        for (const alias of [key, name, sku, ...aliases])
          this.alias(this.productAliases, alias, key);
        break;
      }
      case 'customer':
      case 'vendor': {
        const names = this.parties[record.entity];
        for (const alias of [record.value.key, record.value.name, ...aliases]) {
          this.alias(names, alias, record.value.key);
        }
        break;
      }
      default:
        break;
    }
  }

  private alias(map: Map<string, string>, alias: string | undefined, key: string): void {
    if (!alias) return;
    const normalized = alias.trim().toLowerCase();
    if (!map.has(normalized)) map.set(normalized, key);
  }

  /**
   * The key of the account a legacy reference means: its key, code, name or full path; "1000 Sales"
   * and "Sales (1000)" as reports print them. Undefined when nothing matches.
   */
  accountKey(reference: string): string | undefined {
    const text = reference.trim();
    if (this.accounts.has(text)) return text;
    const direct = this.accountAliases.get(text.toLowerCase());
    if (direct) return direct;
    if (text.includes(NUMBERED)) return this.numberedPathKey(text);
    const suffixed = /^(.*\S)\s*\(([^()]+)\)$/.exec(text);
    if (suffixed) return this.accountKey(suffixed[2] ?? '') ?? this.accountKey(suffixed[1] ?? '');
    const prefixed = /^(\S+)\s+(.+)$/.exec(text);
    if (prefixed) {
      const byCode = this.accountAliases.get((prefixed[1] ?? '').toLowerCase());
      if (byCode) return byCode;
    }
    return undefined;
  }

  /**
   * QuickBooks Desktop's reports print an account as "<number> · <name>" when the company uses
   * account numbers, and a sub-account as the path of such names ("6100 · Utilities:6110 · Gas"):
   * the last level's number names it (the first would name its parent), else the path of names.
   */
  private numberedPathKey(text: string): string | undefined {
    const levels = text.split(':').map((level) => level.trim());
    const numbered = new RegExp(`^(\\S+)\\s*${NUMBERED}\\s*(.*)$`);
    const last = numbered.exec(levels.at(-1) ?? '');
    const byNumber = last && this.accountAliases.get((last[1] ?? '').toLowerCase());
    if (byNumber) return byNumber;
    const names = levels.map((level) => numbered.exec(level)?.[2] ?? level).join(':');
    return this.accountAliases.get(names.toLowerCase());
  }

  /** The key of the chart's account with this system role (its tax account), if it has one. */
  systemAccountKey(role: SystemRole): string | undefined {
    return this.systemAccounts.get(role);
  }

  accountKind(key: string): AccountKind | undefined {
    return this.accounts.get(key)?.kind;
  }

  /** The system role of an account of the chart (its receivables, payables, tax...), if any. */
  accountRole(key: string): SystemRole | undefined {
    return this.accounts.get(key)?.systemRole;
  }

  /** The currency of a foreign-currency account; undefined for the books' own currency. */
  accountCurrency(key: string): string | undefined {
    return this.accounts.get(key)?.currency;
  }

  productKey(reference: string): string | undefined {
    return this.productAliases.get(reference.trim().toLowerCase());
  }

  productAccounts(key: string): { incomeAccountKey?: string; expenseAccountKey?: string } {
    return this.products.get(key) ?? {};
  }

  /** Lets another name (a QuickBooks job, "Customer:Job") resolve to an existing party. */
  aliasParty(entity: 'customer' | 'vendor', alias: string, key: string): void {
    this.alias(this.parties[entity], alias, key);
  }

  partyKey(entity: 'customer' | 'vendor', reference: string): string | undefined {
    return this.parties[entity].get(reference.trim().toLowerCase());
  }
}
