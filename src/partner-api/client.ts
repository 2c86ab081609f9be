import { setTimeout as delay } from 'node:timers/promises';
import { requestWindowFor, type RequestLimit, type SendWindowFactory } from './request-window.js';
import type { Dispatcher } from 'undici';
import {
  DEFAULT_PROFILE_NAME,
  type CredentialProfile,
  type CredentialStore,
} from '../credentials/credential-store.js';
import { createFileCredentialStore } from '../credentials/file-credential-store.js';
import { checkProfileBaseUrl } from './base-url-policy.js';
import {
  DEFAULT_CONTRACT,
  normalizeBaseUrl,
  PARTNER_API_ENV,
  resolveConnection,
  type ConnectionOverrides,
  type PartnerApiContract,
} from './config.js';
import { errorFromCredentialStore, PartnerApiError } from './errors.js';
import { createFinders, type Finders } from './find.js';
import type { PartnerApiLogger } from './logger.js';
import {
  RequestExecutor,
  RouteKit,
  type ApiRequest,
  type CallOptions,
} from './request-executor.js';
import { accountRoutes, type AccountRoutes } from './routes/accounts-routes.js';
import { billRoutes, type BillRoutes } from './routes/bills-routes.js';
import { customerRoutes, type CustomerRoutes } from './routes/customers-routes.js';
import { invoiceRoutes, type InvoiceRoutes } from './routes/invoices-routes.js';
import { journalEntryRoutes, type JournalEntryRoutes } from './routes/journal-entries-routes.js';
import { productRoutes, type ProductRoutes } from './routes/products-routes.js';
import { reportRoutes, type ReportRoutes } from './routes/reports-routes.js';
import { transactionRoutes, type TransactionRoutes } from './routes/transactions-routes.js';
import { vendorRoutes, type VendorRoutes } from './routes/vendors-routes.js';
import {
  openingBalanceRoutes,
  workspaceRoutes,
  type OpeningBalanceRoutes,
  type WorkspaceRoutes,
} from './routes/workspace-routes.js';
import { missingProfileError } from './errors.js';
import { SecretRegistry } from './secret-registry.js';
import { refreshAccessToken } from './token-exchange.js';
import { TokenManager } from './tokens.js';
import { createUndiciTransport, type PartnerApiTransport } from './transport.js';

/** Options of `createPartnerApiClient`. Everything has a default; nothing secret lives in code. */
export interface PartnerApiClientOptions {
  /** The credential profile (default `LEDGERLIFT_PROFILE`, else `default`). */
  profile?: string;
  /** Where tokens live (default: the file store at `credentialsPath`). */
  credentialStore?: CredentialStore;
  /** The credential file (default `LEDGERLIFT_CREDENTIALS`, else `.ledgerlift/credentials.json`). */
  credentialsPath?: string;
  /** Base URL, client id and secret; each wins over the environment and the profile. */
  connection?: ConnectionOverrides;
  /** Environment to read `LEDGERLIFT_*` from (default `process.env`). */
  env?: NodeJS.ProcessEnv;
  /** Switches for what the spec leaves open (T3, A1, A4). */
  contract?: Partial<PartnerApiContract>;
  /** Deadline of each HTTP exchange (default 30 s). */
  timeoutMs?: number;
  /** Refresh the access token when it expires within this many seconds (default 60). */
  refreshMarginSeconds?: number;
  /** How long to wait for another process's refresh (default 60 s). */
  lockTimeoutMs?: number;
  /** Keep-alive connections in the pool (default 10). */
  connections?: number;
  /** Epoch milliseconds (default `Date.now`); tests move it instead of sleeping. */
  clock?: () => number;
  /** Structured events without secrets (see `PartnerApiLogEvent`). */
  logger?: PartnerApiLogger;
  /** An undici dispatcher to use instead of the client's own pool. */
  dispatcher?: Dispatcher;
  /**
   * The API's request limit, kept by this process across its clients of the same client id
   * (src/partner-api/request-window.ts). Default: none, the caller paces its requests.
   */
  requestLimit?: RequestLimit;
  /**
   * Where the limit is kept when several processes share the client id (the PostgreSQL cluster:
   * src/run-store/shared-request-window.ts). Default: this process's own window.
   */
  sendWindow?: SendWindowFactory;
}

/** The Partner API, typed: one namespace per resource, natural-key finders, and `close`. */
export interface PartnerApiClient {
  readonly profile: string;
  readonly accounts: AccountRoutes;
  readonly customers: CustomerRoutes;
  readonly vendors: VendorRoutes;
  readonly products: ProductRoutes;
  readonly invoices: InvoiceRoutes;
  readonly bills: BillRoutes;
  readonly transactions: TransactionRoutes;
  readonly journalEntries: JournalEntryRoutes;
  readonly workspace: WorkspaceRoutes;
  readonly openingBalance: OpeningBalanceRoutes;
  readonly reports: ReportRoutes;
  readonly find: Finders;
  /** The stored grant: its expiry (never the tokens), and a forced refresh. */
  readonly tokens: {
    status(): Promise<TokenStatus>;
    /** Refreshes and persists a new pair now (single-flight, under the credential lock). */
    refresh(options?: Pick<CallOptions, 'signal'>): Promise<TokenStatus>;
  };
  /** The `{base_url}` calls go to, as configured for the profile (normalized; no API call). */
  baseUrl(): Promise<string>;
  /** Runs a request the typed routes do not cover, with the same signing, tokens and errors. */
  execute<T>(request: ApiRequest<T>, options?: CallOptions): Promise<T>;
  /** Closes the connection pool; pending calls fail. */
  close(): Promise<void>;
}

/** What the credential store says about a profile's grant, without any secret. */
interface TokenStatus {
  profile: string;
  connected: boolean;
  workspaceId: string | null;
  workspaceName: string | null;
  accessTokenExpiresAt: string | null;
  refreshTokenExpiresAt: string | null;
}

interface Session {
  baseUrl: string;
  executor: RequestExecutor;
  transport: PartnerApiTransport;
  tokens: TokenManager;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * Creates the client. Configuration is resolved on the first call, not here, so a worker can start
 * before `ledgerlift connect` has run; a configuration error then fails that call (and the next
 * call tries again) with a `config` or `credential` `PartnerApiError`.
 */
export function createPartnerApiClient(options: PartnerApiClientOptions = {}): PartnerApiClient {
  const env = options.env ?? process.env;
  const profileName =
    options.profile ?? nonEmpty(env[PARTNER_API_ENV.profile]) ?? DEFAULT_PROFILE_NAME;
  const store =
    options.credentialStore ?? createFileCredentialStore({ path: options.credentialsPath, env });
  const contract: PartnerApiContract = { ...DEFAULT_CONTRACT, ...options.contract };
  const clock = options.clock ?? Date.now;
  const secrets = new SecretRegistry();
  let session: Promise<Session> | undefined;
  let closed = false;

  const openSession = async () => {
    const profile = await store.getProfile(profileName);
    // Tokens come only from the store: without the profile no call can be made, whatever the
    // environment configures. When the store holds others, naming them is the likeliest fix (an
    // empty store still gets the list of settings to configure).
    if (!profile) {
      const existing = await store.listProfiles().catch(() => []);
      if (existing.length > 0) throw missingProfileError(profileName, store.location, existing);
    }
    const connection = resolveConnection({
      explicit: options.connection,
      env,
      profile: profile ?? undefined,
    });
    if (profile) {
      checkProfileBaseUrl(profileName, normalizeBaseUrl(profile.baseUrl), connection.baseUrl, env);
    }
    if (profile && profile.clientId !== connection.clientId) {
      throw new PartnerApiError(
        'config',
        `Profile "${profileName}" was connected as client ${profile.clientId}, but the configured ` +
          `client id is ${connection.clientId}; its tokens would be refused. Reconnect or fix the configuration.`,
      );
    }
    const transport = createUndiciTransport({
      origin: new URL(connection.baseUrl).origin,
      connections: options.connections,
      dispatcher: options.dispatcher,
    });
    // The token manager refreshes through the executor it serves (token routes use no Bearer).
    const tokens: TokenManager = new TokenManager({
      store,
      profileName,
      clock,
      secrets,
      logger: options.logger,
      lockTimeoutMs: options.lockTimeoutMs,
      refreshMarginMs: (options.refreshMarginSeconds ?? 60) * 1000,
      refresh: (refreshToken) =>
        refreshAccessToken(executor, refreshToken, contract.refreshTokenField),
    });
    const executor: RequestExecutor = new RequestExecutor({
      connection,
      contract,
      transport,
      clock,
      secrets,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      logger: options.logger,
      accessTokens: tokens,
      ...(options.requestLimit
        ? {
            window: options.sendWindow
              ? options.sendWindow(connection, options.requestLimit)
              : requestWindowFor(connection.baseUrl, connection.clientId, options.requestLimit, {
                  now: clock,
                  sleep: (ms, signal) => delay(ms, undefined, { signal }),
                }),
          }
        : {}),
    });
    return { baseUrl: connection.baseUrl, executor, transport, tokens };
  };

  const currentSession = async (): Promise<Session> => {
    if (closed) throw new PartnerApiError('config', 'the Partner API client is closed');
    session ??= openSession();
    try {
      return await session;
    } catch (error) {
      // Let the next call re-read configuration the operator may have fixed meanwhile.
      session = undefined;
      throw error;
    }
  };

  const kit = new RouteKit(async () => (await currentSession()).executor);

  const tokenStatus = (profile: CredentialProfile | undefined): TokenStatus => ({
    profile: profileName,
    connected: Boolean(profile?.tokens),
    workspaceId: profile?.workspaceId ?? null,
    workspaceName: profile?.workspaceName ?? null,
    accessTokenExpiresAt: profile?.tokens?.accessTokenExpiresAt ?? null,
    refreshTokenExpiresAt: profile?.tokens?.refreshTokenExpiresAt ?? null,
  });

  const routes = {
    accounts: accountRoutes(kit),
    customers: customerRoutes(kit),
    vendors: vendorRoutes(kit),
    products: productRoutes(kit),
    invoices: invoiceRoutes(kit),
    bills: billRoutes(kit),
    transactions: transactionRoutes(kit),
  };

  return {
    profile: profileName,
    ...routes,
    journalEntries: journalEntryRoutes(kit),
    workspace: workspaceRoutes(kit),
    openingBalance: openingBalanceRoutes(kit),
    reports: reportRoutes(kit),
    find: createFinders(routes),
    tokens: {
      status: () => asApiError(async () => tokenStatus(await store.getProfile(profileName))),
      refresh: (callOptions) =>
        asApiError(async () => {
          await (await currentSession()).tokens.refreshNow(callOptions?.signal);
          return tokenStatus(await store.getProfile(profileName));
        }),
    },
    baseUrl: () => asApiError(async () => (await currentSession()).baseUrl),
    execute: (request, callOptions) => kit.execute(request, callOptions),
    async close() {
      closed = true;
      const current = session;
      session = undefined;
      if (!current) return;
      try {
        await (await current).transport.close();
      } catch {
        // A session that never opened has nothing to close.
      }
    },
  };
}

/** Runs `work`, a failure of the credential store under it becoming the client's one error. */
async function asApiError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw errorFromCredentialStore(error);
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value.trim() : undefined;
}
