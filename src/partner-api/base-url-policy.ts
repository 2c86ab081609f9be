import { PartnerApiError } from './errors.js';

/** Environment switches of the rules below (docs/partner-api-client.md, "Where tokens go"). */
const BASE_URL_POLICY_ENV = {
  allowOverride: 'LEDGERLIFT_API_ALLOW_BASE_URL_OVERRIDE',
  plainHttpHosts: 'LEDGERLIFT_API_PLAIN_HTTP_HOSTS',
} as const;

const LOOPBACK_HOST = /^(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])$/i;

/**
 * Refuses plain http to anything but this machine (or a host the operator names, like the compose
 * sandbox's `sandbox`): tokens and signed requests would cross the network in clear.
 */
export function checkPlainHttp(baseUrl: string, env: NodeJS.ProcessEnv): void {
  const url = new URL(baseUrl);
  if (url.protocol !== 'http:' || LOOPBACK_HOST.test(url.hostname)) return;
  const named = (env[BASE_URL_POLICY_ENV.plainHttpHosts] ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
  if (named.includes(url.hostname.toLowerCase())) return;
  throw new PartnerApiError(
    'config',
    `the Partner API base URL ${url.origin} uses plain http to a host that is not this machine: ` +
      `use https, or name the host in ${BASE_URL_POLICY_ENV.plainHttpHosts} if it is a sandbox on a private network`,
  );
}

/**
 * A profile's tokens go only to the base URL they were granted for: a base URL from the
 * environment or a flag that differs is refused unless the operator allows it explicitly (a test
 * proxy, a moved sandbox), since the tokens and the client secret would be sent there.
 */
export function checkProfileBaseUrl(
  profileName: string,
  storedBaseUrl: string,
  configuredBaseUrl: string,
  env: NodeJS.ProcessEnv,
): void {
  if (storedBaseUrl === configuredBaseUrl) return;
  const allowed = (env[BASE_URL_POLICY_ENV.allowOverride] ?? '').trim();
  if (allowed === '1' || allowed.toLowerCase() === 'true') return;
  throw new PartnerApiError(
    'config',
    `Profile "${profileName}" was connected to ${storedBaseUrl}, but the configured base URL is ` +
      `${configuredBaseUrl}; its tokens go only where they were granted. Unset LEDGERLIFT_API_BASE_URL ` +
      `(or --base-url), reconnect the profile to the new URL, or set ${BASE_URL_POLICY_ENV.allowOverride}=1.`,
  );
}
