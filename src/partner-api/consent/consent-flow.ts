import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { Dispatcher } from 'undici';
import { DEFAULT_PROFILE_NAME, type CredentialStore } from '../../credentials/credential-store.js';
import { createFileCredentialStore } from '../../credentials/file-credential-store.js';
import {
  DEFAULT_CONTRACT,
  resolveConnection,
  type ConnectionOverrides,
  type PartnerApiConnection,
  type PartnerApiContract,
} from '../config.js';
import type { PartnerApiLogger } from '../logger.js';
import { RequestExecutor } from '../request-executor.js';
import { SecretRegistry } from '../secret-registry.js';
import { grantAccessToken } from '../token-exchange.js';
import { createUndiciTransport } from '../transport.js';
import { listenForCallback } from './loopback-callback.js';

/** Options of `runConsentFlow` (what `ledgerlift connect` passes). */
export interface ConsentFlowOptions {
  /** Base URL, client id and secret (else the `LEDGERLIFT_*` environment variables). */
  connection?: ConnectionOverrides;
  env?: NodeJS.ProcessEnv;
  /** The profile to store the grant under (default `default`). */
  profile?: string;
  credentialStore?: CredentialStore;
  /** Used when no `credentialStore` is given. */
  credentialsPath?: string;
  /** `authorizeUrl` (A1) is the one that matters here. */
  contract?: Partial<PartnerApiContract>;
  /** Receives the consent URL to show the user (always called). */
  printUrl: (url: string) => void;
  /** Also open the URL in a browser: true for the platform opener, or a function of your own. */
  openBrowser?: boolean | ((url: string) => unknown);
  /** Loopback port for the redirect (default 0: any free port; the registered URI matches any). */
  port?: number;
  /** Path of the redirect URI (default `/callback`). */
  callbackPath?: string;
  /** How long the user has to approve (default 5 min). */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Deadline of the code exchange request (default 30 s). */
  requestTimeoutMs?: number;
  clock?: () => number;
  logger?: PartnerApiLogger;
  dispatcher?: Dispatcher;
}

/** What the flow stored (never the tokens themselves). */
export interface ConsentFlowResult {
  profile: string;
  workspaceId: string | null;
  workspaceName: string | null;
  accessTokenExpiresAt: string | null;
  refreshTokenExpiresAt: string | null;
  /** Where the profile was written. */
  credentialsLocation: string;
}

/**
 * Connects a workspace: builds the consent URL, hands it to `printUrl` (and optionally a browser),
 * receives the redirect on `http://127.0.0.1:<port>/callback`, checks `state`, exchanges the code
 * (signed POST /partners/grant-access-token, no Bearer) and stores the profile: base URL, client
 * credentials, workspace and token pair.
 *
 * Throws `ConsentFlowError` when no code arrives (denied, state mismatch, timeout, cancelled) and
 * a `credential` `PartnerApiError` when the code is rejected.
 */
export async function runConsentFlow(options: ConsentFlowOptions): Promise<ConsentFlowResult> {
  const env = options.env ?? process.env;
  const connection = resolveConnection({ explicit: options.connection, env });
  const contract: PartnerApiContract = { ...DEFAULT_CONTRACT, ...options.contract };
  const profile = options.profile ?? DEFAULT_PROFILE_NAME;
  const store =
    options.credentialStore ?? createFileCredentialStore({ path: options.credentialsPath, env });
  const state = randomBytes(24).toString('base64url');

  const callback = await listenForCallback({
    state,
    port: options.port ?? 0,
    path: options.callbackPath ?? '/callback',
    timeoutMs: options.timeoutMs ?? 5 * 60_000,
    signal: options.signal,
  });
  let code: string;
  try {
    const url = consentUrl(contract.authorizeUrl, connection, callback.redirectUri, state);
    options.printUrl(url);
    if (options.openBrowser === true) await openInBrowser(url);
    else if (typeof options.openBrowser === 'function') await options.openBrowser(url);
    code = await callback.code;
  } finally {
    await callback.close();
  }

  const grant = await exchangeCode(connection, contract, code, options);
  await store.putProfile(profile, {
    baseUrl: connection.baseUrl,
    clientId: connection.clientId,
    clientSecret: connection.clientSecret,
    workspaceId: grant.workspaceId ?? null,
    workspaceName: grant.workspaceName ?? null,
    tokens: {
      accessToken: grant.accessToken,
      refreshToken: grant.refreshToken,
      accessTokenExpiresAt: grant.accessTokenExpiresAt ?? null,
      refreshTokenExpiresAt: grant.refreshTokenExpiresAt ?? null,
    },
  });
  return {
    profile,
    workspaceId: grant.workspaceId ?? null,
    workspaceName: grant.workspaceName ?? null,
    accessTokenExpiresAt: grant.accessTokenExpiresAt ?? null,
    refreshTokenExpiresAt: grant.refreshTokenExpiresAt ?? null,
    credentialsLocation: store.location,
  };
}

/** Fills the consent URL template (A1); every value but `{baseUrl}` is URL-encoded. */
export function consentUrl(
  template: string,
  connection: Pick<PartnerApiConnection, 'baseUrl' | 'clientId'>,
  redirectUri: string,
  state: string,
): string {
  const values: Record<string, string> = {
    baseUrl: connection.baseUrl,
    clientId: encodeURIComponent(connection.clientId),
    redirectUri: encodeURIComponent(redirectUri),
    state: encodeURIComponent(state),
  };
  return template.replace(
    /\{(baseUrl|clientId|redirectUri|state)\}/g,
    (_match, key: string) => values[key] ?? '',
  );
}

async function exchangeCode(
  connection: PartnerApiConnection,
  contract: PartnerApiContract,
  code: string,
  options: ConsentFlowOptions,
) {
  const secrets = new SecretRegistry();
  secrets.add(code);
  const transport = createUndiciTransport({
    origin: new URL(connection.baseUrl).origin,
    connections: 1,
    dispatcher: options.dispatcher,
  });
  try {
    const executor = new RequestExecutor({
      connection,
      contract,
      transport,
      clock: options.clock ?? Date.now,
      timeoutMs: options.requestTimeoutMs ?? 30_000,
      secrets,
      logger: options.logger,
    });
    return await grantAccessToken(executor, code, { signal: options.signal });
  } finally {
    await transport.close();
  }
}

/**
 * Opens `url` in the user's browser with the platform's opener. Best effort: resolves false when
 * no opener could be started (the URL has been printed anyway).
 */
function openInBrowser(url: string): Promise<boolean> {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url.replace(/&/g, '^&')]]
        : ['xdg-open', [url]];
  return new Promise((resolve) => {
    try {
      const child = spawn(command, args, { stdio: 'ignore', detached: true });
      child.once('error', () => resolve(false));
      child.once('spawn', () => {
        child.unref();
        resolve(true);
      });
    } catch {
      resolve(false);
    }
  });
}
