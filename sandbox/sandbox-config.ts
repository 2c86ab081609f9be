import { exchangeRateTableProblem, type ExchangeRateEntry } from './state/exchange-rates.js';

/**
 * The sandbox's configuration: the registered OAuth apps, the seeded workspaces and the limits. The
 * defaults mirror the spec (100 requests per minute, 300 s clock skew, 15 s webhook timeout, 3
 * delivery attempts from 2 s); tests shorten the windows instead of sleeping.
 */

/** A registered partner application. */
export interface SandboxApp {
  clientId: string;
  clientSecret: string;
  name: string;
  redirectUris: string[];
  /** Permissions the app holds in every workspace it is authorized for, e.g. `manage_settings`. */
  permissions?: string[];
}

/** A workspace seeded at start (and again on reset). */
export interface SandboxWorkspaceSeed {
  id: string;
  name: string;
  currency: string;
  country: string;
  /** Dated exchange rates foreign documents are valued with (sandbox/state/exchange-rates.ts). */
  exchangeRates?: ExchangeRateEntry[];
}

export interface SandboxLimits {
  /** null = no rate limit (benchmarks). */
  requestsPerWindow: number | null;
  windowMs: number;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  authCodeTtlSeconds: number;
  clockSkewSeconds: number;
  /** Base of the exponential delivery retry: attempt n waits base × 2^(n-2). */
  webhookBackoffMs: number;
  webhookTimeoutMs: number;
}

export interface SandboxConfig {
  apps: SandboxApp[];
  workspaces: SandboxWorkspaceSeed[];
  limits: SandboxLimits;
  allowLoopbackWebhooks: boolean;
}

/** The configuration `npm run sandbox` uses when no `--config` is given. */
export function defaultSandboxConfig(): SandboxConfig {
  return {
    apps: [
      {
        clientId: 'ledgerlift-sandbox',
        clientSecret: 'sandbox-secret-not-for-production',
        name: 'Ledgerlift (sandbox)',
        redirectUris: ['http://127.0.0.1/callback'],
        permissions: ['manage_settings'],
      },
    ],
    workspaces: [
      {
        id: '3f9a6c1e-8b2d-4e57-a1c4-5d6e7f809a1b',
        name: 'Sandbox Trading Co',
        currency: 'USD',
        country: 'US',
      },
    ],
    limits: {
      requestsPerWindow: 100,
      windowMs: 60_000,
      accessTokenTtlSeconds: 3600,
      refreshTokenTtlSeconds: 30 * 24 * 3600,
      authCodeTtlSeconds: 60,
      clockSkewSeconds: 300,
      webhookBackoffMs: 2000,
      webhookTimeoutMs: 15_000,
    },
    allowLoopbackWebhooks: false,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Throws with a readable message when a configuration (typically from `--config`) is unusable. */
export function assertValidConfig(config: SandboxConfig): void {
  if (config.apps.length === 0) throw new Error('sandbox config: at least one app is required');
  if (config.workspaces.length === 0) {
    throw new Error('sandbox config: at least one workspace is required');
  }
  const clientIds = new Set<string>();
  for (const app of config.apps) {
    if (!app.clientId || !app.clientSecret) {
      throw new Error('sandbox config: every app needs a clientId and a clientSecret');
    }
    if (clientIds.has(app.clientId)) {
      throw new Error(`sandbox config: duplicate clientId ${app.clientId}`);
    }
    clientIds.add(app.clientId);
  }
  for (const workspace of config.workspaces) {
    if (!UUID.test(workspace.id)) {
      throw new Error(`sandbox config: workspace id ${workspace.id} is not a UUID`);
    }
    if (!/^[A-Z]{3}$/.test(workspace.currency)) {
      throw new Error(`sandbox config: workspace ${workspace.id} currency must be ISO 4217`);
    }
    const rates = exchangeRateTableProblem(workspace.exchangeRates ?? []);
    if (rates) throw new Error(`sandbox config: workspace ${workspace.id} ${rates}`);
  }
  const { limits } = config;
  if (limits.requestsPerWindow !== null && limits.requestsPerWindow < 1) {
    throw new Error('sandbox config: limits.requestsPerWindow must be at least 1 or null');
  }
  if (limits.windowMs < 1) throw new Error('sandbox config: limits.windowMs must be positive');
}

/** Merges a partial configuration (as read from a `--config` file) over the defaults. */
export function mergeConfig(partial: Partial<SandboxConfig>): SandboxConfig {
  const defaults = defaultSandboxConfig();
  return {
    apps: partial.apps ?? defaults.apps,
    workspaces: partial.workspaces ?? defaults.workspaces,
    limits: { ...defaults.limits, ...partial.limits },
    allowLoopbackWebhooks: partial.allowLoopbackWebhooks ?? defaults.allowLoopbackWebhooks,
  };
}
