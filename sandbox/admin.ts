import { exchangeRateTableProblem, type ExchangeRateEntry } from './state/exchange-rates.js';
import type { FaultRule } from './faults/fault-injector.js';
import type { RequestLogEntry, RequestStats } from './http/request-log.js';
import type { SandboxRuntime } from './runtime.js';
import type { ConnectionRecord } from './state/records.js';
import type { DeliveryRecord } from './webhooks/dispatcher.js';
import { newUuid } from './ids.js';
import { moneyString } from './http/views.js';

/** A journal line as a test reads it: its entry's memo and its account's name. */
interface PostedLine {
  memo: string;
  accountName: string;
  debit: string;
  credit: string;
  description: string;
}

/** In-process admin: the same powers as the /__sandbox HTTP routes. */
export interface SandboxAdmin {
  /** Back to the initial seeded state (data, tokens, faults, clock offset, logs). */
  reset(): void;
  /** Records per resource (customers, invoices, transactions, journalLines, ...). */
  counts(workspaceId?: string): Record<string, number>;
  requestLog(): RequestLogEntry[];
  /** Counts of every request since start or reset (the log itself keeps the newest 100,000). */
  requestStats(): RequestStats;
  setFault(rule: FaultRule): void;
  clearFaults(): void;
  /** Skips the HTML consent page in tests. */
  issueAuthorizationCode(input: {
    clientId: string;
    workspaceId: string;
    redirectUri: string;
  }): string;
  revokeTokens(input: { clientId: string; workspaceId: string }): void;
  /** Shifts the sandbox's notion of "now" (signature skew, token expiry, rate-limit windows). */
  setClockOffsetSeconds(seconds: number): void;
  /**
   * Requests each client id may make per window from now on, or null for no limit: a benchmark
   * measures shares under the limit, then lets its runs finish without it. `reset` restores the
   * configured limit.
   */
  setRequestsPerWindow(requests: number | null): void;
  completeOnboarding(workspaceId: string): void;
  /**
   * Replaces the workspace's dated exchange-rate table (assumption R34); documents already posted
   * keep the rate they were posted at.
   */
  setExchangeRates(workspaceId: string, rates: ExchangeRateEntry[]): void;
  /** Webhook deliveries and their attempts (most recent 1000). */
  webhookDeliveries(): DeliveryRecord[];
  /** Marks a customer as firm-managed (it then cannot be deleted, spec). */
  markCustomerFirmManaged(input: { workspaceId: string; customerUuid: string }): void;
  /** Records a filed GST return: the accounting basis is then locked (409, spec). */
  fileGstReturn(workspaceId: string): void;
  /** Adds a bank-feed connection (the hosted link flow needs a human); returns its UUID. */
  addConnection(input: {
    workspaceId: string;
    provider: string;
    institutionName: string;
    supportsHostedLink: boolean;
  }): string;
  /** Every line the workspace's journal holds (documents' postings and manual entries alike). */
  journalLines(workspaceId: string): PostedLine[];
}

/** Raised for admin input that names something that does not exist. */
export class AdminInputError extends Error {}

export function createAdmin(runtime: SandboxRuntime): SandboxAdmin {
  const { store, clock } = runtime;
  const workspace = (id: string) => {
    const ws = store.workspace(id);
    if (!ws) throw new AdminInputError(`unknown workspace ${id}`);
    return ws;
  };
  return {
    reset: () => runtime.reset(),
    journalLines: (workspaceId) => {
      const ws = workspace(workspaceId);
      return [...ws.journal.entries.values()].flatMap((entry) =>
        entry.lines.map((line) => ({
          memo: entry.memo,
          accountName: ws.accounts.get(line.accountUuid)?.name ?? line.accountUuid,
          debit: moneyString(line.debit),
          credit: moneyString(line.credit),
          description: line.description,
        })),
      );
    },
    counts: (workspaceId) => {
      if (workspaceId) workspace(workspaceId);
      return store.counts(workspaceId);
    },
    requestLog: () => runtime.requestLog.list(),
    requestStats: () => runtime.requestLog.stats(),
    setFault: (rule) => runtime.faults.set(rule),
    clearFaults: () => runtime.faults.clear(),
    issueAuthorizationCode: (input) => {
      if (!runtime.appById(input.clientId))
        throw new AdminInputError(`unknown client ${input.clientId}`);
      workspace(input.workspaceId);
      const code = store.tokens.issueCode(
        { ...input, workspaceId: input.workspaceId.toLowerCase() },
        clock.nowMs(),
      );
      store.markDirty();
      return code;
    },
    revokeTokens: (input) => {
      store.tokens.revoke(input.clientId, input.workspaceId.toLowerCase());
      store.markDirty();
    },
    setRequestsPerWindow: (requests) => {
      if (requests !== null && !(Number.isInteger(requests) && requests >= 1)) {
        throw new AdminInputError(
          'requestsPerWindow must be a whole number of at least 1, or null',
        );
      }
      runtime.config.limits.requestsPerWindow = requests;
    },
    setClockOffsetSeconds: (seconds) => {
      if (!Number.isFinite(seconds)) throw new AdminInputError('offset must be a finite number');
      clock.setOffsetSeconds(seconds);
    },
    completeOnboarding: (workspaceId) => {
      workspace(workspaceId).meta.onboardingComplete = true;
      store.markDirty();
    },
    setExchangeRates: (workspaceId, rates) => {
      const problem = exchangeRateTableProblem(rates);
      if (problem) throw new AdminInputError(problem);
      workspace(workspaceId).meta.exchangeRates = rates.map((rate) => ({ ...rate }));
      store.markDirty();
    },
    webhookDeliveries: () => runtime.webhooks.deliveries(),
    markCustomerFirmManaged: ({ workspaceId, customerUuid }) => {
      const customer = workspace(workspaceId).customers.get(customerUuid.toLowerCase());
      if (!customer) throw new AdminInputError(`unknown customer ${customerUuid}`);
      customer.firmManaged = true;
      store.markDirty();
    },
    fileGstReturn: (workspaceId) => {
      workspace(workspaceId).meta.gst.returnFiled = true;
      store.markDirty();
    },
    addConnection: ({ workspaceId, provider, institutionName, supportsHostedLink }) => {
      const ws = workspace(workspaceId);
      const now = clock.nowIso();
      const connection: ConnectionRecord = {
        id: newUuid(),
        provider,
        institutionName,
        status: 'active',
        lastSyncAt: now,
        supportsHostedLink,
        createdAt: now,
        updatedAt: now,
      };
      ws.connections.set(connection.id, connection);
      ws.version += 1;
      store.markDirty();
      return connection.id;
    },
  };
}
