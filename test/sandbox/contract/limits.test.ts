/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access -- contract tests assert on untyped JSON response bodies */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../sandbox/index.js';
import type { SandboxTestClient } from '../support/client.js';
import {
  authorize,
  clientFor,
  startTestSandbox,
  testConfig,
  type TestSandbox,
} from '../support/harness.js';

describe('rate limit: 100 requests per window per client id (here 5, to keep the test short)', () => {
  let sandbox: RunningSandbox;
  let api: SandboxTestClient;
  let reader: SandboxTestClient;
  beforeAll(async () => {
    sandbox = await startSandbox({
      port: 0,
      config: testConfig((config) => (config.limits.requestsPerWindow = 5)),
    });
    api = clientFor(sandbox);
    reader = clientFor(sandbox, 'reader-app');
    await authorize(sandbox, api);
    await authorize(sandbox, reader);
  });
  afterAll(() => sandbox.close());

  it('answers 429 with Retry-After once the window is full, per client id, and admits again after the window', async () => {
    // The grant above used one request of each client's budget.
    for (let i = 0; i < 4; i += 1) expect((await api.get('/customers')).status).toBe(200);
    const limited = await api.get('/customers');
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('rate_limited');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Rejected requests are not counted: hammering does not extend the wait.
    expect((await api.get('/customers')).status).toBe(429);
    expect(Number((await api.get('/customers')).headers['retry-after'])).toBeLessThanOrEqual(
      retryAfter,
    );
    // Another client id has its own budget.
    expect((await reader.get('/customers')).status).toBe(200);
    // Report routes share the same budget.
    expect((await api.post('/reports/trial-balance?endDate=2026-01-31')).status).toBe(429);
    sandbox.admin.setClockOffsetSeconds(61);
    api.clockOffsetSeconds = 61;
    expect((await api.get('/customers')).status).toBe(200);
  });

  it('takes a new limit from the admin route, and reset restores the configured one', async () => {
    const t = await startTestSandbox((config) => (config.limits.requestsPerWindow = 3));
    const setLimit = (requestsPerWindow: unknown) =>
      fetch(`${t.sandbox.url}/__sandbox/limits`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ requestsPerWindow }),
      });
    const statuses = async (count: number) => {
      const answers = [];
      for (let i = 0; i < count; i += 1) answers.push((await t.api.get('/customers')).status);
      return answers;
    };
    try {
      // The grant used one request of the three.
      expect(await statuses(3)).toEqual([200, 200, 429]);
      expect((await setLimit(null)).status).toBe(200);
      expect(await statuses(20)).toEqual(Array.from({ length: 20 }, () => 200));
      expect((await setLimit(0)).status).toBe(400);
      expect((await setLimit('many')).status).toBe(400);
      // Three admitted so far in the window: four more under a limit of seven.
      expect((await setLimit(7)).status).toBe(200);
      expect(await statuses(5)).toEqual([200, 200, 200, 200, 429]);
      t.sandbox.admin.reset();
      expect(t.sandbox.config.limits.requestsPerWindow).toBe(3);
    } finally {
      await t.close();
    }
  });

  it('does not limit when requestsPerWindow is null (benchmarks)', async () => {
    const t: TestSandbox = await startTestSandbox();
    try {
      const statuses = await Promise.all(
        Array.from({ length: 150 }, () => t.api.get('/customers?limit=1')),
      );
      expect(statuses.every((response) => response.status === 200)).toBe(true);
    } finally {
      await t.close();
    }
  });
});

describe('page size and bulk limits', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await startTestSandbox();
  });
  afterAll(() => t.close());

  it('defaults limit to 25, caps it at 100, and rejects page < 1', async () => {
    await t.api.expect(201, 'POST', '/customers/bulk', {
      customers: Array.from({ length: 30 }, (_, i) => ({
        customer: `C${String(i).padStart(2, '0')}`,
      })),
    });
    const first = await t.api.expect(200, 'GET', '/customers');
    expect(first).toMatchObject({ page: 1, limit: 25, totalRecords: 30, totalPages: 2 });
    expect(first.records).toHaveLength(25);
    expect((await t.api.expect(200, 'GET', '/customers?limit=100')).records).toHaveLength(30);
    expect((await t.api.expect(200, 'GET', '/customers?page=3')).records).toEqual([]);
    for (const query of ['limit=101', 'limit=0', 'page=0', 'page=-1', 'limit=abc']) {
      expect((await t.api.get(`/customers?${query}`)).status, query).toBe(400);
    }
  });

  it('accepts exactly 100 bulk rows and rejects 101', async () => {
    const bank = (
      await t.api.expect(201, 'POST', '/chart-of-accounts', { name: 'Bank', subTypeId: 1 })
    ).account;
    const rows = (count: number) =>
      Array.from({ length: count }, () => ({
        accountUuid: bank.id,
        amount: 1,
        postedDate: '2026-01-01',
      }));
    const ok = await t.api.expect(201, 'POST', '/transactions/bulk', { transactions: rows(100) });
    expect(ok.errorCount).toBe(0);
    expect(ok.results).toHaveLength(100);
    expect((await t.api.post('/transactions/bulk', { transactions: rows(101) })).status).toBe(400);
    expect(
      (
        await t.api.post('/chart-of-accounts/bulk', {
          accounts: Array.from({ length: 101 }, (_, i) => ({ name: `A${i}`, subTypeId: 16 })),
        })
      ).status,
    ).toBe(400);
  });
});
