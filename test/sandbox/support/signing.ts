import { createHash, createHmac } from 'node:crypto';

/**
 * The request signature, written independently of sandbox/auth so the tests cross-check the
 * sandbox (and the API client can cross-check itself against `SIGNING_VECTOR`).
 */
export function signatureFor(input: {
  secret: string;
  method: string;
  /** Path relative to /partners, without the query string: "/customers". */
  path: string;
  timestamp: string;
  /** Exact body text for POST, PUT and PATCH; ignored for other methods. */
  body?: string;
}): { baseString: string; signature: string } {
  const method = input.method.toUpperCase();
  const hashesBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
  const bodyHash = hashesBody
    ? createHash('sha256')
        .update(input.body ?? '', 'utf8')
        .digest('hex')
    : '';
  const baseString = `${method}:${input.path}:${input.timestamp}:${bodyHash}`;
  const signature = createHmac('sha256', input.secret).update(baseString, 'utf8').digest('hex');
  return { baseString, signature };
}

/**
 * A fixed test vector: known secret, method, path, timestamp and body, with the base string and
 * signature they must produce. src/partner-api can assert the same values.
 */
export const SIGNING_VECTOR = {
  secret: 'sandbox-secret-not-for-production',
  method: 'POST',
  path: '/customers',
  timestamp: '1767225600',
  body: '{"customer":"Acme Ltd","email":"ap@acme.example"}',
  bodyHash: '9caba383abf86aa2a86745b72c588a2a740bc556c47bf2ba2d2c429c8d2ec5ac',
  baseString:
    'POST:/customers:1767225600:9caba383abf86aa2a86745b72c588a2a740bc556c47bf2ba2d2c429c8d2ec5ac',
  signature: 'd53a722620a6adc2a3b2cbd54ddbaf3ba11bddc7c36ad6add7c5fd3fcef107f1',
} as const;

/** A GET signs an empty body hash: the base string ends with a colon. */
export const SIGNING_VECTOR_GET = {
  secret: 'sandbox-secret-not-for-production',
  method: 'GET',
  path: '/customers',
  timestamp: '1767225600',
  baseString: 'GET:/customers:1767225600:',
  signature: '3e59d67e4db351bd4979533bc666835c578d5c3281305b0e9cc8ad3a5d4e60f1',
} as const;
