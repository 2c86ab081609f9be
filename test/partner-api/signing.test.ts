import { createHash, createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  bodyHashOf,
  signRequest,
  signedPathOf,
  signingBaseString,
} from '../../src/partner-api/index.js';
import { createMemoryCredentialStore } from '../../src/credentials/index.js';
import { expectedSignature, ok, startFakeApi, type FakeApi } from './support/fake-api.js';
import {
  CLIENT_SECRET,
  TestClock,
  connectedProfile,
  testClient,
} from './support/client-fixture.js';

/** The spec's test vector: literal inputs, with the expected values pinned two ways. */
const VECTOR = {
  method: 'POST',
  routePath: '/customers',
  timestampSeconds: 1767225600,
  bodyText: '{"customer":"Acme Ltd","creditLimit":1250.50}',
  secret: 'test-secret',
};
const VECTOR_BODY_HASH = 'c975080b6e0baf83c399df4f67dc19656492c62532a198fdeb14be042197af06';
const VECTOR_BASE = `POST:/customers:1767225600:${VECTOR_BODY_HASH}`;
const VECTOR_SIGNATURE = '19b3af41821f59d77c4ff3ddb6337f115a70fb7563b16fd9a08ceb4bb33cb33e';
const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

describe('request signing test vector', () => {
  it('builds METHOD:path:timestamp:bodyHash and its lowercase hex HMAC-SHA256', () => {
    // Independent computation with node:crypto from the literal inputs.
    const independentHash = createHash('sha256').update(VECTOR.bodyText).digest('hex');
    const independentBase = `POST:/customers:1767225600:${independentHash}`;
    const independentSignature = createHmac('sha256', VECTOR.secret)
      .update(independentBase)
      .digest('hex');
    expect(independentHash).toBe(VECTOR_BODY_HASH);
    expect(independentBase).toBe(VECTOR_BASE);
    expect(independentSignature).toBe(VECTOR_SIGNATURE);

    expect(bodyHashOf('POST', VECTOR.bodyText)).toBe(VECTOR_BODY_HASH);
    expect(
      signingBaseString({
        method: 'post',
        signedPath: '/customers',
        timestampSeconds: VECTOR.timestampSeconds,
        bodyHash: VECTOR_BODY_HASH,
      }),
    ).toBe(VECTOR_BASE);
    expect(
      signRequest({
        method: 'POST',
        routePath: VECTOR.routePath,
        queryString: '',
        bodyText: VECTOR.bodyText,
        timestampSeconds: VECTOR.timestampSeconds,
        clientId: 'ledgerlift',
        clientSecret: VECTOR.secret,
        signQueryString: false,
      }),
    ).toEqual({
      'x-client-id': 'ledgerlift',
      'x-timestamp': '1767225600',
      'x-signature': VECTOR_SIGNATURE,
    });
  });

  it('hashes nothing for GET and DELETE, and the empty text for a POST without body', () => {
    expect(bodyHashOf('GET', undefined)).toBe('');
    expect(bodyHashOf('DELETE', undefined)).toBe('');
    expect(bodyHashOf('POST', undefined)).toBe(EMPTY_SHA256);
    const get = signRequest({
      method: 'GET',
      routePath: '/customers',
      queryString: 'page=2',
      bodyText: undefined,
      timestampSeconds: 1767225600,
      clientId: 'c',
      clientSecret: 'test-secret',
      signQueryString: false,
    });
    expect(get['x-signature']).toBe(
      'b3186a85e42fa26b03bec9e15fb2290bfafe7a37fb8c7563601cabef3c2eabf8',
    );
    const report = signRequest({
      method: 'POST',
      routePath: '/reports/trial-balance',
      queryString: 'endDate=2026-01-31',
      bodyText: undefined,
      timestampSeconds: 1767225600,
      clientId: 'c',
      clientSecret: 'test-secret',
      signQueryString: false,
    });
    expect(report['x-signature']).toBe(
      'cbeb25278a50304c160e1987bf3e33ab1b56c189095019e794f1e14f8c1f2d55',
    );
  });

  it('agrees with the vector the sandbox is tested against (test/sandbox/support/signing.ts)', () => {
    const secret = 'sandbox-secret-not-for-production';
    const post = signRequest({
      method: 'POST',
      routePath: '/customers',
      queryString: '',
      bodyText: '{"customer":"Acme Ltd","email":"ap@acme.example"}',
      timestampSeconds: 1767225600,
      clientId: 'ledgerlift-sandbox',
      clientSecret: secret,
      signQueryString: false,
    });
    expect(post['x-signature']).toBe(
      'd53a722620a6adc2a3b2cbd54ddbaf3ba11bddc7c36ad6add7c5fd3fcef107f1',
    );
    const get = signRequest({
      method: 'GET',
      routePath: '/customers',
      queryString: '',
      bodyText: undefined,
      timestampSeconds: 1767225600,
      clientId: 'ledgerlift-sandbox',
      clientSecret: secret,
      signQueryString: false,
    });
    expect(get['x-signature']).toBe(
      '3e59d67e4db351bd4979533bc666835c578d5c3281305b0e9cc8ad3a5d4e60f1',
    );
  });

  it('leaves the query out of the signed path unless signQueryString is set (T3)', () => {
    expect(signedPathOf('/customers', 'page=2&limit=100', false)).toBe('/customers');
    expect(signedPathOf('/customers', 'page=2&limit=100', true)).toBe(
      '/customers?page=2&limit=100',
    );
    expect(signedPathOf('/customers', '', true)).toBe('/customers');
  });
});

describe('signing on the wire', () => {
  let api: FakeApi | undefined;
  afterEach(async () => api?.close());

  it('signs the path relative to /partners and hashes the exact body text that was sent', async () => {
    api = await startFakeApi((request) =>
      request.method === 'POST'
        ? {
            status: 201,
            json: { status: 'success', data: { transaction: { id: 't-1', amount: 12.5 } } },
          }
        : ok({ page: 1, limit: 100, totalRecords: 0, totalPages: 0, records: [] }),
    );
    const clock = new TestClock();
    const store = createMemoryCredentialStore({ default: connectedProfile(api.baseUrl, clock) });
    const { client } = testClient(store, clock);
    const created = await client.transactions.create({
      accountUuid: 'acc-1',
      amount: '12.5',
      postedDate: '2026-02-01',
    });
    for await (const customer of client.customers.list({ search: 'Acme & Sons' })) void customer;
    await client.close();

    const [post, get] = api.requests;
    // Money went out as the exact number 12.50 and came back as a money string.
    expect(post?.bodyText).toBe('{"accountUuid":"acc-1","amount":12.50,"postedDate":"2026-02-01"}');
    expect(created.data.amount).toBe('12.50');
    expect(post?.headers['x-signature']).toBe(expectedSignature(post!, CLIENT_SECRET));
    expect(post?.headers['content-type']).toBe('application/json');
    expect(post?.headers['x-timestamp']).toBe(String(Math.floor(clock.nowMs / 1000)));
    expect(get?.url).toBe('/partners/customers?search=Acme+%26+Sons&page=1&limit=100');
    expect(get?.headers['x-signature']).toBe(expectedSignature(get!, CLIENT_SECRET));
    expect(get?.headers['content-type']).toBeUndefined();
    expect(get?.headers.authorization).toBe('Bearer at-initial-0123456789abcdef');
  });

  it('signs the query too when signQueryString is configured', async () => {
    api = await startFakeApi(() =>
      ok({ page: 1, limit: 100, totalRecords: 0, totalPages: 0, records: [] }),
    );
    const clock = new TestClock();
    const store = createMemoryCredentialStore({ default: connectedProfile(api.baseUrl, clock) });
    const { client } = testClient(store, clock, { contract: { signQueryString: true } });
    await client.customers.listPage({ page: 2 });
    await client.close();
    const request = api.requests[0]!;
    const base = `GET:/customers?page=2:${String(request.headers['x-timestamp'])}:`;
    expect(request.headers['x-signature']).toBe(
      createHmac('sha256', CLIENT_SECRET).update(base).digest('hex'),
    );
  });

  it('sends report routes without a body and signs the empty text', async () => {
    api = await startFakeApi(() => ok({ rows: [], totals: { debit: 0, credit: 0 } }));
    const clock = new TestClock();
    const store = createMemoryCredentialStore({ default: connectedProfile(api.baseUrl, clock) });
    const { client } = testClient(store, clock);
    const report = await client.reports.trialBalance({ endDate: '2026-01-31' });
    await client.close();
    const request = api.requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/partners/reports/trial-balance?endDate=2026-01-31');
    expect(request.bodyText).toBe('');
    expect(request.headers['content-type']).toBeUndefined();
    expect(request.headers['x-signature']).toBe(expectedSignature(request, CLIENT_SECRET));
    expect(report.totals).toEqual({ debit: '0.00', credit: '0.00' });
  });
});
