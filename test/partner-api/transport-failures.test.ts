import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryCredentialStore } from '../../src/credentials/index.js';
import type { PartnerApiError } from '../../src/partner-api/index.js';
import { retryDelayMs, type PartnerApiClient } from '../../src/partner-api/index.js';
import { ok, startFakeApi, type FakeApi, type FakeHandler } from './support/fake-api.js';
import { TestClock, connectedProfile, rejectionOf, testClient } from './support/client-fixture.js';

/**
 * A real loopback server that hangs, truncates, drops and fails on purpose: the client must put
 * every such failure in the right class, and mark a write ambiguous exactly when it may have landed.
 */

let api: FakeApi | undefined;
let client: PartnerApiClient | undefined;
afterEach(async () => {
  await client?.close();
  await api?.close();
  client = undefined;
  api = undefined;
});

async function clientFor(handler: FakeHandler, timeoutMs = 5_000): Promise<PartnerApiClient> {
  api = await startFakeApi(handler);
  const clock = new TestClock();
  const store = createMemoryCredentialStore({ default: connectedProfile(api.baseUrl, clock) });
  client = testClient(store, clock, { timeoutMs }).client;
  return client;
}

const createCustomer = (c: PartnerApiClient) => c.customers.create({ customer: 'Acme Ltd' });

describe('no answer', () => {
  it('times out a hanging read as a transient, non-ambiguous timeout', async () => {
    const c = await clientFor(() => ({ hang: true }), 200);
    const error = await rejectionOf(c.customers.get('c-1'));
    expect(error).toMatchObject({
      kind: 'timeout',
      retryable: true,
      ambiguous: false,
    });
  });

  it('marks a write that timed out after it was sent as ambiguous', async () => {
    const c = await clientFor(() => ({ hang: true }), 500);
    const error = await rejectionOf(createCustomer(c));
    expect(error).toMatchObject({ kind: 'timeout', retryable: true, ambiguous: true });
    expect(error.message).toContain('may have been applied');
    // The server did receive the whole body: that is why it is ambiguous.
    expect(api?.requests).toHaveLength(1);
  });

  it('marks a write whose connection dropped after the body was received as ambiguous', async () => {
    const c = await clientFor(() => ({ destroy: true }));
    const error = await rejectionOf(createCustomer(c));
    expect(error).toMatchObject({
      kind: 'network',
      retryable: true,
      ambiguous: true,
    });
    expect(api?.requests[0]?.bodyText).toBe('{"customer":"Acme Ltd"}');
  });

  it('treats a truncated response body as a network failure', async () => {
    const c = await clientFor(() => ({
      truncate: { status: 200, declaredLength: 500, text: '{"status":"success","data":{"cust' },
    }));
    const read = await rejectionOf(c.customers.get('c-1'));
    expect(read).toMatchObject({ kind: 'network', retryable: true, ambiguous: false });
    const write = await rejectionOf(createCustomer(c));
    expect(write).toMatchObject({ kind: 'network', ambiguous: true });
  });

  it('treats connection refused as plain transient: nothing was sent', async () => {
    const c = await clientFor(() => ok({}));
    await api?.close();
    const error = await rejectionOf(createCustomer(c));
    expect(error).toMatchObject({ kind: 'network', retryable: true, ambiguous: false });
    expect(retryDelayMs(error, 1)).toBe(1000);
  });

  it('cancels through the AbortSignal, ambiguous only once the write was sent', async () => {
    const c = await clientFor(() => ({ hang: true }));
    const controller = new AbortController();
    const pending = c.customers.create({ customer: 'Acme Ltd' }, { signal: controller.signal });
    await waitUntil(() => (api?.requests.length ?? 0) === 1);
    controller.abort();
    const error = await rejectionOf(pending);
    expect(error).toMatchObject({ kind: 'aborted', ambiguous: true });

    const early = await rejectionOf(
      c.customers.create({ customer: 'Never sent' }, { signal: AbortSignal.abort() }),
    );
    expect(early).toMatchObject({ kind: 'aborted', ambiguous: false });
    expect(api?.requests).toHaveLength(1);
  });
});

describe('server answers', () => {
  it('classifies 500 as transient, ambiguous for a write and not for a read', async () => {
    const c = await clientFor(() => ({ status: 500, text: '<html>Internal Server Error</html>' }));
    const write = await rejectionOf(createCustomer(c));
    expect(write).toMatchObject({ kind: 'server', status: 500, retryable: true, ambiguous: true });
    // A non-JSON body is quoted as text.
    expect(write.message).toContain('<html>Internal Server Error</html>');
    const read = await rejectionOf(c.customers.get('c-1'));
    expect(read).toMatchObject({ kind: 'server', ambiguous: false });
  });

  it('carries Retry-After seconds on a 429', async () => {
    const c = await clientFor(() => ({
      status: 429,
      json: { status: 'error', message: 'Too many requests.', code: 'rate_limited' },
      headers: { 'retry-after': '7' },
    }));
    const error = await rejectionOf(createCustomer(c));
    expect(error).toMatchObject({
      kind: 'rate-limited',
      retryable: true,
      ambiguous: false,
      retryAfterMs: 7000,
    });
    expect(retryDelayMs(error, 1)).toBe(7000);
    expect(retryDelayMs(error, 3)).toBe(7000);
  });

  it('falls back to 1 s, 2 s, 4 s on a 429 without Retry-After', async () => {
    const c = await clientFor(() => ({
      status: 429,
      json: { status: 'error', message: 'Slow down.' },
    }));
    const error = await rejectionOf(c.customers.get('c-1'));
    expect(error).toMatchObject({ kind: 'rate-limited' });
    expect((error as PartnerApiError).retryAfterMs).toBeUndefined();
    expect([1, 2, 3].map((attempt) => retryDelayMs(error, attempt))).toEqual([1000, 2000, 4000]);
    expect(retryDelayMs(error, 2)).toBe(2000);
  });

  it('reports a 2xx body that is not JSON as an unexpected response, ambiguous for writes', async () => {
    const c = await clientFor(() => ({ status: 201, text: 'created!' }));
    const error = await rejectionOf(createCustomer(c));
    expect(error).toMatchObject({ kind: 'unexpected-response', retryable: false, ambiguous: true });
  });

  it('reports a created document answered without a total in cents as an unexpected response', async () => {
    let answer: Record<string, unknown> = { id: 'inv-1', invoiceNumber: 'INV-1' };
    const c = await clientFor(() => ok({ invoice: answer, bill: answer }));
    const invoice = { customerUuid: 'c-1', date: '2026-03-01', products: [] };
    const bill = { vendorUuid: 'v-1', date: '2026-03-01', lineItems: [] };
    for (const created of [() => c.invoices.create(invoice), () => c.bills.create(bill)]) {
      answer = { id: 'doc-1' };
      const missing = await rejectionOf(created());
      expect(missing).toMatchObject({ kind: 'unexpected-response', ambiguous: true });
      expect(missing.message).toContain('total');
      answer = { id: 'doc-1', total: '100.005' };
      expect(await rejectionOf(created())).toMatchObject({
        kind: 'unexpected-response',
        ambiguous: true,
      });
      answer = { id: 'doc-1', total: 100.5 };
      expect((await created()).data).toMatchObject({ id: 'doc-1', total: '100.50' });
    }
    // A document read is not held to it: a listing or a read may leave the total out.
    answer = { id: 'doc-1' };
    expect(await c.invoices.get('doc-1')).toMatchObject({ id: 'doc-1' });
  });

  it('reuses keep-alive connections across calls', async () => {
    const c = await clientFor(() => ok({ customer: { id: 'c-1', customer: 'Acme' } }));
    for (let index = 0; index < 10; index += 1) await c.customers.get('c-1');
    expect(api?.requests).toHaveLength(10);
    // undici may open a second socket while the first is being released; never one per call.
    expect(api?.connections()).toBeLessThanOrEqual(2);
  });
});

/** Polls a condition against a deadline (no fixed sleeps). */
async function waitUntil(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setImmediate(resolve));
  }
}
