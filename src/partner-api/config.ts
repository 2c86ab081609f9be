import type { CredentialProfile } from '../credentials/credential-store.js';
import { checkPlainHttp } from './base-url-policy.js';
import { PartnerApiError } from './errors.js';

/** Environment variables the client reads (configuration never lives in code). */
export const PARTNER_API_ENV = {
  baseUrl: 'LEDGERLIFT_API_BASE_URL',
  clientId: 'LEDGERLIFT_CLIENT_ID',
  clientSecret: 'LEDGERLIFT_CLIENT_SECRET',
  profile: 'LEDGERLIFT_PROFILE',
} as const;

/** Where to reach the API and as which partner application. */
export interface PartnerApiConnection {
  /** `{base_url}` of the spec: request paths are `{baseUrl}/partners/...`. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
}

/**
 * The switches for the decisions the spec leaves "not shown" and the client must rely on
 * (docs/api-assumptions.md T3, A1, A4). Production flips them without a code change.
 */
export interface PartnerApiContract {
  /** T3: sign `path?query` instead of `path` (default false). */
  signQueryString: boolean;
  /** A4: the body field that carries the refresh token (default `refreshToken`). */
  refreshTokenField: string;
  /**
   * A1: the consent URL template. `{baseUrl}`, `{clientId}`, `{redirectUri}` and `{state}` are
   * replaced with URL-encoded values (`{baseUrl}` verbatim, without a trailing slash).
   */
  authorizeUrl: string;
}

/** The contract as the sandbox implements it. */
export const DEFAULT_CONTRACT: PartnerApiContract = {
  signQueryString: false,
  refreshTokenField: 'refreshToken',
  authorizeUrl:
    '{baseUrl}/oauth/authorize?client_id={clientId}&redirect_uri={redirectUri}&state={state}',
};

/** Connection fields given explicitly (for example CLI flags); each wins over env and profile. */
export type ConnectionOverrides = Partial<PartnerApiConnection>;

/**
 * Resolves the connection: explicit values, then the environment, then the stored profile. Throws a
 * a `config` `PartnerApiError` naming every missing setting and where it can come from.
 */
export function resolveConnection(sources: {
  explicit?: ConnectionOverrides;
  env?: NodeJS.ProcessEnv;
  profile?: Pick<CredentialProfile, 'baseUrl' | 'clientId' | 'clientSecret'>;
}): PartnerApiConnection {
  const env = sources.env ?? {};
  const pick = (key: keyof PartnerApiConnection): string | undefined =>
    nonEmpty(sources.explicit?.[key]) ??
    nonEmpty(env[PARTNER_API_ENV[key]]) ??
    sources.profile?.[key];
  const baseUrl = pick('baseUrl');
  const clientId = pick('clientId');
  const clientSecret = pick('clientSecret');
  const missing = (
    [
      ['baseUrl', baseUrl],
      ['clientId', clientId],
      ['clientSecret', clientSecret],
    ] as const
  )
    .filter(([, value]) => value === undefined)
    .map(([key]) => `${key} (${PARTNER_API_ENV[key]})`);
  if (missing.length > 0 || !baseUrl || !clientId || !clientSecret) {
    throw new PartnerApiError(
      'config',
      `Partner API configuration is incomplete: missing ${missing.join(', ')}. ` +
        'Set the environment variables, or run `ledgerlift connect` to store a profile.',
    );
  }
  const normalized = normalizeBaseUrl(baseUrl);
  checkPlainHttp(normalized, env);
  return { baseUrl: normalized, clientId, clientSecret };
}

/** Validates `{base_url}` and removes a trailing slash; throws a `config` `PartnerApiError` if unusable. */
export function normalizeBaseUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new PartnerApiError('config', `the Partner API base URL is not a URL: ${baseUrl}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new PartnerApiError('config', `the Partner API base URL must be http(s): ${baseUrl}`);
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new PartnerApiError(
      'config',
      'the Partner API base URL must not carry a query, fragment or user info',
    );
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value.trim() : undefined;
}
