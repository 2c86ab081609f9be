import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Methods whose body is hashed into the signature; every other method signs an empty hash. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** SHA-256 hex of the exact body text for POST, PUT and PATCH (empty text hashes too); '' otherwise. */
function bodyHash(method: string, bodyText: string): string {
  if (!BODY_METHODS.has(method.toUpperCase())) return '';
  return createHash('sha256').update(bodyText, 'utf8').digest('hex');
}

/**
 * `METHOD:path:timestamp:bodyHash`, where path is relative to the /partners mount and carries no
 * query string (assumption T3).
 */
export function signatureBaseString(
  method: string,
  signedPath: string,
  timestamp: string,
  bodyText: string,
): string {
  return `${method.toUpperCase()}:${signedPath}:${timestamp}:${bodyHash(method, bodyText)}`;
}

/** Lowercase hex HMAC-SHA256 of the base string, keyed with the client secret. */
export function signBaseString(clientSecret: string, baseString: string): string {
  return createHmac('sha256', clientSecret).update(baseString, 'utf8').digest('hex');
}

/**
 * Constant-time comparison of two lowercase hex signatures. Anything else received (other bytes,
 * another length) is simply no match: a header's characters may take more bytes than they number,
 * and unequal buffers would make timingSafeEqual throw (a 500 instead of the spec's 401).
 */
export function signaturesMatch(expected: string, received: string): boolean {
  if (!/^[0-9a-f]*$/.test(received) || expected.length !== received.length) return false;
  return timingSafeEqual(Buffer.from(expected, 'latin1'), Buffer.from(received, 'latin1'));
}

/** The signed path: the request path without the query string and without the /partners prefix. */
export function signedPathOf(rawUrl: string): string {
  const queryStart = rawUrl.indexOf('?');
  const path = queryStart === -1 ? rawUrl : rawUrl.slice(0, queryStart);
  return path.startsWith('/partners') ? path.slice('/partners'.length) || '/' : path;
}
