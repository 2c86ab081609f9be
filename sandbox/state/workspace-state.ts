import { newUuid } from '../ids.js';
import { Journal } from '../journal/posting-journal.js';
import type { SandboxWorkspaceSeed } from '../sandbox-config.js';
import type {
  AccountRecord,
  BillRecord,
  ConnectionRecord,
  CustomerRecord,
  ExpenseReceiptRecord,
  InvoiceRecord,
  InvoiceType,
  JournalEntryRecord,
  OpeningBalanceState,
  ProductRecord,
  ProjectRecord,
  RecurringTemplateRecord,
  SystemRole,
  TagRecord,
  TransactionRecord,
  VendorRecord,
  WebhookRecord,
  WorkspaceMeta,
} from './records.js';
import { SYSTEM_ACCOUNTS, subTypeNamed } from './account-sub-types.js';

/** The key of a bill number: unique per vendor and bill type (assumption R18). */
export function billNumberKey(
  bill: Pick<BillRecord, 'vendorUuid' | 'billType' | 'billNumber'>,
): string {
  return `${bill.vendorUuid}|${bill.billType}|${bill.billNumber}`;
}

/** The persisted form of one workspace: plain arrays, bigints tagged by the snapshot codec. */
export interface WorkspaceSnapshot {
  meta: WorkspaceMeta;
  accounts: AccountRecord[];
  customers: CustomerRecord[];
  vendors: VendorRecord[];
  products: ProductRecord[];
  tags: TagRecord[];
  projects: ProjectRecord[];
  invoices: InvoiceRecord[];
  bills: BillRecord[];
  transactions: TransactionRecord[];
  journal: JournalEntryRecord[];
  webhooks: WebhookRecord[];
  recurringTemplates: RecurringTemplateRecord[];
  receipts: ExpenseReceiptRecord[];
  connections: ConnectionRecord[];
  openingBalance: OpeningBalanceState;
  counters: Record<string, number>;
}

/**
 * All data of one workspace, in maps keyed by UUID (insertion order = creation order, which the
 * newest-first lists read backwards), plus the small indexes writes keep up to date.
 */
export class WorkspaceData {
  accounts = new Map<string, AccountRecord>();
  customers = new Map<string, CustomerRecord>();
  vendors = new Map<string, VendorRecord>();
  products = new Map<string, ProductRecord>();
  tags = new Map<string, TagRecord>();
  projects = new Map<string, ProjectRecord>();
  invoices = new Map<string, InvoiceRecord>();
  bills = new Map<string, BillRecord>();
  transactions = new Map<string, TransactionRecord>();
  webhooks = new Map<string, WebhookRecord>();
  recurringTemplates = new Map<string, RecurringTemplateRecord>();
  receipts = new Map<string, ExpenseReceiptRecord>();
  connections = new Map<string, ConnectionRecord>();
  journal = new Journal();
  openingBalance: OpeningBalanceState = { status: 'none', rows: [], journalEntryId: null };
  /** Last number used per document series (invoice, estimate, memo, bill, vendor_memo). */
  counters: Record<string, number> = {};
  /** Bumped on every write; list caches are valid for one version. */
  version = 0;

  /** Document numbers in use per invoice type (uniqueness, assumption R9). */
  readonly invoiceNumbers = new Map<InvoiceType, Set<string>>();
  /** Lower-cased name -> UUID, for inline customers and products on invoices. */
  readonly customerNames = new Map<string, string>();
  readonly productNames = new Map<string, string>();
  readonly vendorNames = new Map<string, string>();
  readonly systemAccounts = new Map<SystemRole, string>();
  /** `vendor|billType|number` -> bill UUID, for live (not deleted) bills (assumption R18). */
  readonly billNumbers = new Map<string, string>();
  private readonly listCache = new Map<string, { version: number; items: unknown[] }>();

  private constructor(public meta: WorkspaceMeta) {}

  static create(seed: SandboxWorkspaceSeed, now: string): WorkspaceData {
    const workspace = new WorkspaceData({
      id: seed.id.toLowerCase(),
      name: seed.name,
      currency: seed.currency,
      country: seed.country,
      ...(seed.exchangeRates
        ? { exchangeRates: seed.exchangeRates.map((rate) => ({ ...rate })) }
        : {}),
      cutoverDate: null,
      onboardingComplete: false,
      gst: {
        registered: false,
        accountingBasis: 'accrual',
        filingFrequency: 'quarterly',
        registrationNumber: null,
        returnFiled: false,
      },
      createdAt: now,
    });
    for (const system of SYSTEM_ACCOUNTS) {
      const account: AccountRecord = {
        id: newUuid(),
        name: system.name,
        accountNumber: null,
        subTypeId: subTypeNamed(system.subType).id,
        status: 'active',
        currency: seed.currency,
        description: '',
        color: '#6b7280',
        parentId: null,
        systemRole: system.role,
        createdAt: now,
        updatedAt: now,
      };
      workspace.accounts.set(account.id, account);
      workspace.systemAccounts.set(system.role, account.id);
    }
    return workspace;
  }

  /** UUID of a system account (they cannot be deleted, so it always exists). */
  system(role: SystemRole): string {
    const id = this.systemAccounts.get(role);
    if (!id) throw new Error(`system account ${role} missing`);
    return id;
  }

  /** Next number of a document series, skipping numbers already taken by hand. */
  nextNumber(series: string, prefix: string, taken?: Set<string>): string {
    let next = (this.counters[series] ?? 0) + 1;
    let candidate = `${prefix}-${String(next).padStart(4, '0')}`;
    while (taken?.has(candidate)) {
      next += 1;
      candidate = `${prefix}-${String(next).padStart(4, '0')}`;
    }
    return candidate;
  }

  commitNumber(series: string, number: string): void {
    const match = /-(\d+)$/.exec(number);
    if (match) {
      const value = Number(match[1]);
      if (value > (this.counters[series] ?? 0)) this.counters[series] = value;
    }
  }

  numbersOf(type: InvoiceType): Set<string> {
    let set = this.invoiceNumbers.get(type);
    if (!set) {
      set = new Set();
      this.invoiceNumbers.set(type, set);
    }
    return set;
  }

  /**
   * A filtered and sorted list, computed once per workspace version: paging through 200,000
   * records sorts them once, not once per page.
   */
  cachedList<T>(key: string, compute: () => T[]): T[] {
    const hit = this.listCache.get(key);
    if (hit && hit.version === this.version) return hit.items as T[];
    const items = compute();
    if (this.listCache.size > 32) this.listCache.clear();
    this.listCache.set(key, { version: this.version, items });
    return items;
  }

  snapshot(): WorkspaceSnapshot {
    return {
      meta: this.meta,
      accounts: [...this.accounts.values()],
      customers: [...this.customers.values()],
      vendors: [...this.vendors.values()],
      products: [...this.products.values()],
      tags: [...this.tags.values()],
      projects: [...this.projects.values()],
      invoices: [...this.invoices.values()],
      bills: [...this.bills.values()],
      transactions: [...this.transactions.values()],
      journal: [...this.journal.entries.values()],
      webhooks: [...this.webhooks.values()],
      recurringTemplates: [...this.recurringTemplates.values()],
      receipts: [...this.receipts.values()],
      connections: [...this.connections.values()],
      openingBalance: this.openingBalance,
      counters: this.counters,
    };
  }

  static restore(snapshot: WorkspaceSnapshot): WorkspaceData {
    const workspace = new WorkspaceData(snapshot.meta);
    const fill = <T extends { id: string }>(map: Map<string, T>, items: T[]) => {
      for (const item of items) map.set(item.id, item);
    };
    fill(workspace.accounts, snapshot.accounts);
    fill(workspace.customers, snapshot.customers);
    fill(workspace.vendors, snapshot.vendors);
    fill(workspace.products, snapshot.products);
    fill(workspace.tags, snapshot.tags);
    fill(workspace.projects, snapshot.projects);
    fill(workspace.invoices, snapshot.invoices);
    fill(workspace.bills, snapshot.bills);
    fill(workspace.transactions, snapshot.transactions);
    fill(workspace.recurringTemplates, snapshot.recurringTemplates);
    fill(workspace.receipts, snapshot.receipts);
    fill(workspace.connections, snapshot.connections);
    for (const webhook of snapshot.webhooks) workspace.webhooks.set(webhook.uuid, webhook);
    for (const entry of snapshot.journal) workspace.journal.add(entry);
    workspace.openingBalance = snapshot.openingBalance;
    workspace.counters = snapshot.counters;
    for (const account of workspace.accounts.values()) {
      if (account.systemRole) workspace.systemAccounts.set(account.systemRole, account.id);
    }
    for (const invoice of workspace.invoices.values()) {
      workspace.numbersOf(invoice.invoiceType).add(invoice.invoiceNumber);
    }
    for (const bill of workspace.bills.values()) {
      if (!bill.isDeleted) workspace.billNumbers.set(billNumberKey(bill), bill.id);
    }
    for (const customer of workspace.customers.values()) {
      if (customer.status === 'active') {
        workspace.customerNames.set(customer.customer.toLowerCase(), customer.id);
      }
    }
    for (const product of workspace.products.values()) {
      workspace.productNames.set(product.name.toLowerCase(), product.id);
    }
    for (const vendor of workspace.vendors.values()) {
      workspace.vendorNames.set(vendor.name.toLowerCase(), vendor.id);
    }
    return workspace;
  }
}
