import { describe, expect, it } from 'vitest';
import {
  MAX_RETRY_DELAY_MS,
  parseRetryAfter,
  retryDelayMs,
  errorFromStatus,
  createPartnerApiClient,
} from '../../src/partner-api/index.js';
import {
  CredentialStoreError,
  CredentialStoreLockTimeoutError,
  type CredentialStore,
} from '../../src/credentials/index.js';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');

function answer(
  status: number,
  body: unknown,
  extra: { isWrite?: boolean; retryAfter?: string } = {},
) {
  return errorFromStatus({
    status,
    method: extra.isWrite === false ? 'GET' : 'POST',
    path: '/partners/customers',
    isWrite: extra.isWrite ?? true,
    bodyText: typeof body === 'string' ? body : JSON.stringify(body),
    retryAfterHeader: extra.retryAfter,
    nowMs: NOW,
  });
}

describe('errorFromStatus', () => {
  it('maps every documented status to its class and retry semantics', () => {
    const cases: Array<[number, string, boolean, boolean]> = [
      [400, 'validation', false, false],
      [401, 'credential', false, false],
      [403, 'forbidden', false, false],
      [404, 'not-found', false, false],
      [409, 'conflict', false, false],
      [429, 'rate-limited', true, false],
      [500, 'server', true, true],
      [503, 'server', true, true],
      // A status the spec does not list may follow a commit: a write answered so is ambiguous.
      [405, 'unexpected-status', false, true],
      [302, 'unexpected-status', false, true],
    ];
    for (const [status, kind, retryable, ambiguous] of cases) {
      const error = answer(status, { status: 'error', message: 'Nope.' });
      expect(error, `status ${status}`).toMatchObject({
        kind,
        retryable,
        ambiguous,
        status,
      });
      expect(error.kind).toBe(kind);
    }
    expect(answer(400, {})).toMatchObject({ kind: 'validation' });
    expect(answer(401, {})).toMatchObject({ kind: 'credential' });
    expect(answer(403, {})).toMatchObject({ kind: 'forbidden' });
    expect(answer(404, {})).toMatchObject({ kind: 'not-found' });
    expect(answer(409, {})).toMatchObject({ kind: 'conflict' });
    expect(answer(429, {})).toMatchObject({ kind: 'rate-limited' });
    expect(answer(502, {})).toMatchObject({ kind: 'server' });
    expect(answer(418, {})).toMatchObject({ kind: 'unexpected-status' });
  });

  it("quotes the API's reason for a 400: message plus every errors[] entry", () => {
    const error = answer(400, {
      status: 'error',
      message: 'Validation failed.',
      code: 'validation_failed',
      errors: [
        { field: 'customer', reason: 'required', message: 'customer is required' },
        { field: 'email', reason: 'invalid' },
      ],
    });
    expect(error.message).toContain('400 on POST /partners/customers');
    expect(error.message).toContain('Validation failed.');
    expect(error.message).toContain('customer: customer is required');
    expect(error.message).toContain('email: invalid');
    expect(error).toMatchObject({
      apiCode: 'validation_failed',
      apiErrors: [
        { field: 'customer', reason: 'required', message: 'customer is required' },
        { field: 'email', reason: 'invalid' },
      ],
    });
  });

  it('quotes a non-JSON error body as text, shortened', () => {
    const error = answer(400, `Bad request: ${'x'.repeat(2000)}`);
    expect(error.message).toContain('Bad request: xxx');
    expect(error.message.length).toBeLessThan(700);
  });

  it('treats a 5xx or an unlisted status answering a read as not ambiguous', () => {
    expect(answer(500, {}, { isWrite: false }).ambiguous).toBe(false);
    expect(answer(405, {}, { isWrite: false }).ambiguous).toBe(false);
  });

  it('scrubs secrets the server echoes back', () => {
    const error = errorFromStatus({
      status: 401,
      method: 'GET',
      path: '/partners/customers',
      isWrite: false,
      bodyText: JSON.stringify({ message: 'token at-SECRET-123456 is not valid' }),
      nowMs: NOW,
      redact: (text) => text.replace('at-SECRET-123456', '[redacted]'),
    });
    expect(error.message).toContain('token [redacted] is not valid');
    expect(error.message).not.toContain('at-SECRET');
  });

  it('serializes to the plain-data description', () => {
    const error = answer(429, {}, { retryAfter: '3' });
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      kind: 'rate-limited',
      message: error.message,
      retryable: true,
      ambiguous: false,
      retryAfterMs: 3000,
      status: 429,
    });
  });
});

describe('Retry-After and retryDelayMs', () => {
  it('reads seconds and HTTP dates, ignoring garbage', () => {
    expect(parseRetryAfter('12', NOW)).toBe(12_000);
    expect(parseRetryAfter('Sun, 01 Mar 2026 12:00:30 GMT', NOW)).toBe(30_000);
    expect(parseRetryAfter('Sun, 01 Mar 2026 11:00:00 GMT', NOW)).toBe(0);
    expect(parseRetryAfter('soon', NOW)).toBeUndefined();
    expect(parseRetryAfter(undefined, NOW)).toBeUndefined();
    expect(answer(429, {}, { retryAfter: 'Sun, 01 Mar 2026 12:00:05 GMT' }).retryAfterMs).toBe(
      5000,
    );
  });

  it('backs off exponentially for transient errors and never retries terminal ones', () => {
    const server = answer(503, {});
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(server, attempt))).toEqual([
      1000, 2000, 4000, 8000,
    ]);
    expect(retryDelayMs(server, 40)).toBe(MAX_RETRY_DELAY_MS);
    expect(retryDelayMs(answer(400, {}), 1)).toBeUndefined();
    expect(retryDelayMs(answer(401, {}), 1)).toBeUndefined();
    expect(retryDelayMs(answer(404, {}), 3)).toBeUndefined();
  });

  it('retries credential store errors by their own flags', () => {
    expect(retryDelayMs(new CredentialStoreError('broken file'), 1)).toBeUndefined();
    expect(retryDelayMs(new CredentialStoreLockTimeoutError('busy'), 1)).toBe(1000);
    expect(retryDelayMs(new TypeError('bug'), 1)).toBe(1000);
  });
});

describe('a credential store that fails under a call', () => {
  it("is the client's one error: a credential problem naming the store, never its contents", async () => {
    const broken = new CredentialStoreError(
      '/tmp/credentials.json is readable by others: chmod 600',
    );
    const fail = () => Promise.reject(broken);
    const store: CredentialStore = {
      location: '/tmp/credentials.json',
      getProfile: fail,
      listProfiles: fail,
      putProfile: fail,
      deleteProfile: fail,
      withLock: fail,
    };
    const client = createPartnerApiClient({ credentialStore: store, env: {} });
    const expected = { kind: 'credential', problem: 'store_failed', message: broken.message };
    await expect(client.customers.get('c-1')).rejects.toMatchObject(expected);
    await expect(client.tokens.status()).rejects.toMatchObject(expected);
    await expect(client.baseUrl()).rejects.toMatchObject(expected);
    await client.close();
  });
});
