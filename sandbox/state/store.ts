import type { SandboxConfig } from '../sandbox-config.js';
import { TokenStore, type TokenStoreSnapshot } from '../auth/token-store.js';
import type { SandboxClock } from '../clock.js';
import { WorkspaceData, type WorkspaceSnapshot } from './workspace-state.js';

/** The whole persisted state: every workspace and every live code and token. */
export interface StoreSnapshot {
  format: 'ledgerlift-sandbox/1';
  savedAt: string;
  workspaces: WorkspaceSnapshot[];
  tokens: TokenStoreSnapshot;
}

/** Workspaces by id, and the token store. `reset` returns both to the configured seed. */
export class SandboxStore {
  readonly workspaces = new Map<string, WorkspaceData>();
  readonly tokens: TokenStore;
  private dirtyListener: () => void = () => {};

  constructor(
    private readonly config: SandboxConfig,
    private readonly clock: SandboxClock,
  ) {
    this.tokens = new TokenStore(() => this.config.limits);
    this.seed();
  }

  /** Loopback callback URLs are accepted only when configured (assumption W3). */
  get allowLoopbackWebhooks(): boolean {
    return this.config.allowLoopbackWebhooks;
  }

  /** Called after every write, so persistence can schedule a flush. */
  onDirty(listener: () => void): void {
    this.dirtyListener = listener;
  }

  markDirty(): void {
    this.dirtyListener();
  }

  reset(): void {
    this.workspaces.clear();
    this.tokens.clear();
    this.seed();
    this.markDirty();
  }

  private seed(): void {
    const now = this.clock.nowIso();
    for (const seed of this.config.workspaces) {
      const workspace = WorkspaceData.create(seed, now);
      this.workspaces.set(workspace.meta.id, workspace);
    }
  }

  workspace(id: string): WorkspaceData | undefined {
    return this.workspaces.get(id.toLowerCase());
  }

  /** Records per resource, for one workspace or summed over all of them. */
  counts(workspaceId?: string): Record<string, number> {
    const selected = workspaceId
      ? [this.workspace(workspaceId)].filter((ws): ws is WorkspaceData => ws !== undefined)
      : [...this.workspaces.values()];
    const totals: Record<string, number> = {};
    const add = (key: string, value: number) => {
      totals[key] = (totals[key] ?? 0) + value;
    };
    for (const ws of selected) {
      add('accounts', ws.accounts.size);
      add('customers', ws.customers.size);
      add('vendors', ws.vendors.size);
      add('products', ws.products.size);
      add('tags', ws.tags.size);
      add('projects', ws.projects.size);
      let invoices = 0;
      let estimates = 0;
      let memos = 0;
      for (const invoice of ws.invoices.values()) {
        if (invoice.invoiceType === 'invoice') invoices += 1;
        else if (invoice.invoiceType === 'estimate') estimates += 1;
        else memos += 1;
      }
      add('invoices', invoices);
      add('estimates', estimates);
      add('creditMemos', memos);
      let bills = 0;
      let vendorMemos = 0;
      for (const bill of ws.bills.values()) {
        if (bill.billType === 'bill') bills += 1;
        else vendorMemos += 1;
      }
      add('bills', bills);
      add('vendorMemos', vendorMemos);
      add('transactions', ws.transactions.size);
      add('journalEntries', ws.journal.entries.size);
      add('journalLines', ws.journal.totalLines());
      add('webhooks', ws.webhooks.size);
      add('recurringInvoiceTemplates', ws.recurringTemplates.size);
      add('expenseReceipts', ws.receipts.size);
      add('connections', ws.connections.size);
      add('openingBalanceRows', ws.openingBalance.rows.length);
    }
    return totals;
  }

  snapshot(): StoreSnapshot {
    return {
      format: 'ledgerlift-sandbox/1',
      savedAt: this.clock.nowIso(),
      workspaces: [...this.workspaces.values()].map((ws) => ws.snapshot()),
      tokens: this.tokens.snapshot(),
    };
  }

  restore(snapshot: StoreSnapshot): void {
    if (snapshot.format !== 'ledgerlift-sandbox/1') {
      throw new Error(`unsupported sandbox data format ${String(snapshot.format)}`);
    }
    this.workspaces.clear();
    for (const item of snapshot.workspaces) {
      const workspace = WorkspaceData.restore(item);
      this.workspaces.set(workspace.meta.id, workspace);
    }
    // Workspaces added to the configuration since the file was written are seeded fresh.
    const now = this.clock.nowIso();
    for (const seed of this.config.workspaces) {
      if (!this.workspaces.has(seed.id.toLowerCase())) {
        const workspace = WorkspaceData.create(seed, now);
        this.workspaces.set(workspace.meta.id, workspace);
      }
    }
    this.tokens.restore(snapshot.tokens);
  }
}
