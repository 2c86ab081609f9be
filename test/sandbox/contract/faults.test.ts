/* eslint-disable @typescript-eslint/no-unsafe-member-access -- contract tests assert on untyped JSON response bodies */
import { request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authorize, startTestSandbox, WORKSPACE_ID, type TestSandbox } from '../support/harness.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());
beforeEach(async () => {
  t.sandbox.admin.reset();
  await authorize(t.sandbox, t.api);
});

const customers = () => t.sandbox.admin.counts(WORKSPACE_ID).customers;

describe('fault injection', () => {
  it('adds latency to matching routes only', async () => {
    t.sandbox.admin.setFault({ method: 'GET', path: '/partners/customers', latencyMs: 150 });
    const slow = performance.now();
    expect((await t.api.get('/customers')).status).toBe(200);
    expect(performance.now() - slow).toBeGreaterThanOrEqual(140);
    const log = t.sandbox.admin.requestLog();
    expect(log.at(-1)).toMatchObject({
      method: 'GET',
      path: '/partners/customers',
      status: 200,
      clientId: 'ledgerlift-sandbox',
    });
    expect(log.at(-1)!.durationMs).toBeGreaterThanOrEqual(140);
    expect((await t.api.get('/vendors')).status).toBe(200);
    expect(t.sandbox.admin.requestLog().at(-1)!.durationMs).toBeLessThan(140);
  });

  it('delays only the next latencyCount requests when the rule counts them', async () => {
    t.sandbox.admin.setFault({
      method: 'GET',
      path: '/partners/customers',
      latencyMs: 150,
      latencyCount: 1,
    });
    expect((await t.api.get('/customers')).status).toBe(200);
    expect((await t.api.get('/customers')).status).toBe(200);
    const [first, second] = t.sandbox.admin.requestLog().slice(-2);
    expect(first!.durationMs).toBeGreaterThanOrEqual(140);
    expect(second!.durationMs).toBeLessThan(140);
    expect(() =>
      t.sandbox.admin.setFault({ path: '/partners/customers', latencyMs: 1, latencyCount: 1.5 }),
    ).toThrow(/latencyCount/);
  });

  it('answers a share of requests with 500 before anything is written', async () => {
    t.sandbox.admin.setFault({ path: '/partners/customers', errorRate: 1 });
    const response = await t.api.post('/customers', { customer: 'Never' });
    expect(response.status).toBe(500);
    expect(response.body.code).toBe('server_error');
    expect(customers()).toBe(0);
  });

  it('draws the 500 share reproducibly from a seed', async () => {
    const run = async () => {
      t.sandbox.admin.clearFaults();
      t.sandbox.admin.setFault({
        method: 'GET',
        path: '/partners/vendors',
        errorRate: 0.5,
        seed: 42,
      });
      const statuses: number[] = [];
      for (let i = 0; i < 20; i += 1) statuses.push((await t.api.get('/vendors')).status);
      return statuses;
    };
    const first = await run();
    expect(await run()).toEqual(first);
    expect(first.filter((status) => status === 500).length).toBeGreaterThan(0);
    expect(first.filter((status) => status === 200).length).toBeGreaterThan(0);
  });

  it('sends bursts of 429 regardless of the limiter, with or without Retry-After', async () => {
    t.sandbox.admin.setFault({ path: '/partners/*', burst429: { count: 2, retryAfterSeconds: 7 } });
    const first = await t.api.get('/customers');
    expect(first.status).toBe(429);
    expect(first.headers['retry-after']).toBe('7');
    expect((await t.api.get('/vendors')).status).toBe(429);
    expect((await t.api.get('/customers')).status).toBe(200);
    t.sandbox.admin.setFault({
      path: '/partners/*',
      burst429: { count: 1, retryAfterSeconds: null },
    });
    const bare = await t.api.get('/customers');
    expect(bare.status).toBe(429);
    expect(bare.headers['retry-after']).toBeUndefined();
  });

  it('commits a write and then drops the connection without a response', async () => {
    t.sandbox.admin.setFault({
      method: 'POST',
      path: '/partners/customers/bulk',
      commitThenDrop: { count: 1 },
    });
    await expect(
      t.api.post('/customers/bulk', { customers: [{ customer: 'A' }, { customer: 'B' }] }),
    ).rejects.toThrow();
    expect(customers()).toBe(2);
    expect(t.sandbox.admin.requestLog().at(-1)).toMatchObject({
      path: '/partners/customers/bulk',
      status: 0,
    });
    expect((await t.api.post('/customers/bulk', { customers: [{ customer: 'C' }] })).status).toBe(
      201,
    );
    expect(customers()).toBe(3);
  });

  it('applies a write, then answers without the fields a rule omits', async () => {
    t.sandbox.admin.setFault({
      method: 'POST',
      path: '/partners/customers',
      alterAnswer: { count: 1, omitFields: ['customer', 'status'] },
    });
    const altered = await t.api.post('/customers', { customer: 'Altered' });
    expect(altered.status).toBe(201);
    expect(altered.body.data.customer.id).toEqual(expect.any(String));
    expect(altered.body.data.customer).not.toHaveProperty('customer');
    expect(altered.body.data.customer).not.toHaveProperty('status');
    expect(customers()).toBe(1);
    expect(t.sandbox.admin.requestLog().at(-1)).toMatchObject({ status: 201, altered: true });
    const plain = await t.api.post('/customers', { customer: 'Plain' });
    expect(plain.body.data.customer.customer).toBe('Plain');
    expect(t.sandbox.admin.requestLog().at(-1)).not.toHaveProperty('altered');
  });

  it('sets fields of the answered record, or replaces the whole body', async () => {
    t.sandbox.admin.setFault({
      method: 'POST',
      path: '/partners/customers',
      alterAnswer: { count: 1, setFields: { id: 42 } },
    });
    expect((await t.api.post('/customers', { customer: 'Numbered' })).body.data.customer.id).toBe(
      42,
    );
    t.sandbox.admin.setFault({
      method: 'POST',
      path: '/partners/customers',
      alterAnswer: { count: 1, bodyText: 'created, thanks' },
    });
    const replaced = await t.api.call('POST', '/customers', { customer: 'Unreadable' });
    expect(replaced.status).toBe(201);
    expect(replaced.text).toBe('created, thanks');
    expect(customers()).toBe(2);
  });

  it('alters only answers that succeeded: a refused write does not use one up', async () => {
    t.sandbox.admin.setFault({
      method: 'POST',
      path: '/partners/customers',
      alterAnswer: { count: 1, omitFields: ['customer'] },
    });
    expect((await t.api.post('/customers', {})).status).toBe(400);
    const created = await t.api.post('/customers', { customer: 'Second' });
    expect(created.body.data.customer).not.toHaveProperty('customer');
    expect(() =>
      t.sandbox.admin.setFault({ path: '/partners/customers', alterAnswer: { count: -1 } }),
    ).toThrow(/alterAnswer/);
  });

  it('clears faults', async () => {
    t.sandbox.admin.setFault({ path: '/partners/*', errorRate: 1 });
    expect((await t.api.get('/customers')).status).toBe(500);
    t.sandbox.admin.clearFaults();
    expect((await t.api.get('/customers')).status).toBe(200);
  });

  it('switches faults over the loopback-only HTTP admin routes too', async () => {
    const post = (path: string, body: unknown) =>
      request(`${t.sandbox.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const set = await post('/__sandbox/faults', { path: '/partners/customers', errorRate: 1 });
    expect(set.statusCode).toBe(200);
    await set.body.dump();
    expect((await t.api.get('/customers')).status).toBe(500);
    const cleared = await request(`${t.sandbox.url}/__sandbox/faults`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    await cleared.body.dump();
    expect((await t.api.get('/customers')).status).toBe(200);
    const invalid = await post('/__sandbox/faults', { path: 'customers', errorRate: 2 });
    expect(invalid.statusCode).toBe(400);
    await invalid.body.dump();
  });
});
