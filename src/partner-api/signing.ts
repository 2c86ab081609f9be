import { createHash, createHmac } from 'node:crypto';

/**
 * Request signing (spec, Authentication, layer 1): `x-signature` is the lowercase hex HMAC-SHA256,
 * keyed with the client secret, of `METHOD:path:timestamp:bodyHash`.
 */

/** The mount every partner route lives under; signed paths are relative to it. */
export const PARTNERS_MOUNT = '/partners';

const METHODS_WITH_BODY_HASH = new Set(['POST', 'PUT', 'PATCH']);

/**
 * SHA-256 hex of the exact body text for POST, PUT and PATCH, and '' for other methods. A POST
 * without a body (the report routes) hashes the empty text, as the spec allows.
 */
export function bodyHashOf(method: string, bodyText: string | undefined): string {
  if (!METHODS_WITH_BODY_HASH.has(method.toUpperCase())) return '';
  return createHash('sha256')
    .update(bodyText ?? '', 'utf8')
    .digest('hex');
}

/**
 * The path that is signed: the route path relative to `/partners` (`/customers`, never
 * `/partners/customers`, which the API rejects), plus `?query` only when `signQueryString` is set
 * (docs/api-assumptions.md T3).
 */
export function signedPathOf(
  routePath: string,
  queryString: string,
  signQueryString: boolean,
): string {
  return signQueryString && queryString !== '' ? `${routePath}?${queryString}` : routePath;
}

/** `METHOD:path:timestamp:bodyHash`. */
export function signingBaseString(parts: {
  method: string;
  signedPath: string;
  timestampSeconds: number;
  bodyHash: string;
}): string {
  return `${parts.method.toUpperCase()}:${parts.signedPath}:${parts.timestampSeconds}:${parts.bodyHash}`;
}

/** Lowercase hex HMAC-SHA256 of the base string with the client secret. */
function hmacSignature(baseString: string, clientSecret: string): string {
  return createHmac('sha256', clientSecret).update(baseString, 'utf8').digest('hex');
}

/** What `signRequest` needs. */
export interface SignableRequest {
  method: string;
  /** Relative to `/partners`, already percent-encoded as sent: `/customers/3f9a...`. */
  routePath: string;
  /** Exactly as sent, without `?`; '' when there is none. */
  queryString: string;
  /** The exact body text sent, or undefined when no body is sent. */
  bodyText: string | undefined;
  timestampSeconds: number;
  clientId: string;
  clientSecret: string;
  signQueryString: boolean;
}

/** The signing headers for one request. */
export interface SigningHeaders {
  'x-client-id': string;
  'x-timestamp': string;
  'x-signature': string;
}

/** Signs one request, returning the three signing headers. */
export function signRequest(request: SignableRequest): SigningHeaders {
  const baseString = signingBaseString({
    method: request.method,
    signedPath: signedPathOf(request.routePath, request.queryString, request.signQueryString),
    timestampSeconds: request.timestampSeconds,
    bodyHash: bodyHashOf(request.method, request.bodyText),
  });
  return {
    'x-client-id': request.clientId,
    'x-timestamp': String(request.timestampSeconds),
    'x-signature': hmacSignature(baseString, request.clientSecret),
  };
}
