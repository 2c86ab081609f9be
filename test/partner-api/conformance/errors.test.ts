import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PartnerApiError } from '../../../src/partner-api/index.js';
import { collect, retryDelayMs, type PartnerApiClient } from '../../../src/partner-api/index.js';
import { startConformance, type Conformance } from './support/sandbox-fixture.js';

/** Every error class the client produces, provoked on the real sandbox over HTTP. */

let env: Conformance;
let client: PartnerApiClient;

beforeAll(async () => {
  env = await startConformance();
  client = env.client();
});
afterEach(() => env.sandbox.admin.clearFaults());
afterAll(async () => {
  env.leaks.assertNoSecretLeaked();
  await env.close();
});

describe('terminal answers', () => {
  it("400 carries the API's reason and field errors", async () => {
    const error = await env.failure(
      client.customers.create({ customer: 'x'.repeat(300), email: 'not-an-email' }),
    );
    const description = error as PartnerApiError;
    expect(description).toMatchObject({
      kind: 'validation',
      status: 400,
      retryable: false,
    });
    expect(description.apiErrors?.length).toBeGreaterThan(0);
    for (const fieldError of description.apiErrors ?? []) {
      expect(error.message).toContain(String(fieldError.field));
    }
  });

  it('400 for a wrongly cased account type filter (spec)', async () => {
    const error = await env.failure(collect(client.accounts.list({ type: 'assets' as never })));
    expect(error).toMatchObject({ kind: 'validation' });
  });

  it('403 for protected fields of a system account', async () => {
    const receivable = (
      await client.find.accounts({ type: 'Assets', name: 'Accounts Receivable' })
    )[0];
    expect(receivable?.editable).toBe(false);
    const error = await env.failure(client.accounts.update(receivable!.id, { name: 'Debtors' }));
    expect(error).toMatchObject({
      kind: 'forbidden',
      status: 403,
      retryable: false,
      ambiguous: false,
    });
  });

  it('404 for a UUID that is not in the workspace', async () => {
    const error = await env.failure(client.customers.get(randomUUID()));
    expect(error).toMatchObject({ kind: 'not-found', status: 404 });
  });

  it('409 when an opening balance exists and replaceExisting is not set', async () => {
    const bank = await client.accounts.create({
      name: 'Conformance Bank',
      subTypeId: await subTypeId('Cash and Bank'),
    });
    const equity = await client.accounts.create({
      name: "Conformance Owner's Equity",
      subTypeId: await subTypeId("Owner's Equity"),
    });
    await client.workspace.setCutoverDate('2025-12-31');
    const rows = [
      { accountUuid: bank.data.id, debit: '1000.5', credit: '0' },
      { accountUuid: equity.data.id, debit: '0', credit: '1000.50' },
    ];
    await client.openingBalance.set({ rows });
    const error = await env.failure(client.openingBalance.set({ rows }));
    expect(error).toMatchObject({ kind: 'conflict', status: 409, retryable: false });
    const replaced = await client.openingBalance.set({ rows, replaceExisting: true });
    expect(replaced.data.rows?.map((row) => [row.debit, row.credit])).toEqual([
      ['1000.50', '0.00'],
      ['0.00', '1000.50'],
    ]);
  });

  it('401 that survives the refresh is a credential problem (wrong client secret)', async () => {
    const wrong = env.client({ connection: { clientSecret: 'not-the-secret-at-all' } });
    const error = await env.failure(wrong.customers.listPage());
    expect(error).toMatchObject({
      kind: 'credential',
      retryable: false,
    });
    expect(error.message).toContain('Invalid request signature');
  });
});

describe('transient answers', () => {
  it('429 with Retry-After: the delay comes from the header', async () => {
    env.sandbox.admin.setFault({
      method: 'POST',
      path: '/partners/customers',
      burst429: { count: 1, retryAfterSeconds: 4 },
    });
    const error = await env.failure(client.customers.create({ customer: 'Rate limited Ltd' }));
    expect(error).toMatchObject({
      kind: 'rate-limited',
      retryable: true,
      ambiguous: false,
      retryAfterMs: 4000,
    });
    expect(retryDelayMs(error, 1)).toBe(4000);
    // A 429 was never applied: the same call succeeds afterwards.
    await client.customers.create({ customer: 'Rate limited Ltd' });
    expect(await client.find.customersByName('Rate limited Ltd')).toHaveLength(1);
  });

  it('429 without Retry-After: 1 s, 2 s, 4 s by attempt', async () => {
    env.sandbox.admin.setFault({
      path: '/partners/vendors',
      burst429: { count: 1, retryAfterSeconds: null },
    });
    const error = await env.failure(client.vendors.listPage());
    expect(error).toMatchObject({ kind: 'rate-limited' });
    expect([1, 2, 3].map((attempt) => retryDelayMs(error, attempt))).toEqual([1000, 2000, 4000]);
  });

  it("429 from the sandbox's own sliding window carries its Retry-After", async () => {
    const limited = await startConformance({ requestsPerWindow: 3, windowMs: 60_000 });
    try {
      const c = limited.client();
      let error: Error | undefined;
      for (let call = 0; call < 5 && !error; call += 1) {
        try {
          await c.customers.listPage();
        } catch (caught) {
          limited.leaks.errors.push(caught);
          error = caught as Error;
        }
      }
      expect(error).toMatchObject({ kind: 'rate-limited' });
      const delay = (error as PartnerApiError).retryAfterMs ?? 0;
      expect(delay).toBeGreaterThanOrEqual(1000);
      expect(delay).toBeLessThanOrEqual(60_000);
      limited.leaks.assertNoSecretLeaked();
    } finally {
      await limited.close();
    }
  });

  it('500 on a write is transient and ambiguous; on a read it is not ambiguous', async () => {
    env.sandbox.admin.setFault({ path: '/partners/customers', errorRate: 1 });
    const write = await env.failure(client.customers.create({ customer: 'Five Hundred Ltd' }));
    expect(write).toMatchObject({ kind: 'server', retryable: true, ambiguous: true, status: 500 });
    const read = await env.failure(client.customers.listPage());
    expect(read).toMatchObject({ kind: 'server', ambiguous: false });
  });
});

describe('ambiguous writes', () => {
  it('a write committed before the connection dropped is ambiguous, and reconciles by natural key', async () => {
    env.sandbox.admin.setFault({
      method: 'POST',
      path: '/partners/customers',
      commitThenDrop: { count: 1 },
    });
    const error = await env.failure(
      client.customers.create({ customer: 'Dropped Connection Ltd' }),
    );
    expect(error).toMatchObject({ kind: 'network', retryable: true, ambiguous: true });
    // Reconcile before retrying: it landed, exactly once.
    expect(await client.find.customersByName('dropped connection ltd')).toHaveLength(1);
  });

  it('a read that loses its connection is retryable and not ambiguous', async () => {
    env.sandbox.admin.setFault({
      method: 'GET',
      path: '/partners/customers',
      commitThenDrop: { count: 1 },
    });
    const error = await env.failure(client.customers.listPage());
    expect(error).toMatchObject({
      kind: 'network',
      ambiguous: false,
    });
  });

  it('a bulk write that drops leaves every row unconfirmed by throwing an ambiguous error', async () => {
    env.sandbox.admin.setFault({
      method: 'POST',
      path: '/partners/customers/bulk',
      commitThenDrop: { count: 1 },
    });
    const error = await env.failure(
      client.customers.bulkCreate([{ customer: 'Bulk Drop A' }, { customer: 'Bulk Drop B' }]),
    );
    expect(error).toMatchObject({ ambiguous: true });
    expect(await client.find.customersByName('Bulk Drop B')).toHaveLength(1);
  });

  it('a write that times out after it was sent is ambiguous', async () => {
    env.sandbox.admin.setFault({ method: 'POST', path: '/partners/vendors', latencyMs: 1_000 });
    const impatient = env.client({ timeoutMs: 250 });
    const error = await env.failure(impatient.vendors.create({ name: 'Slow Vendor Inc' }));
    expect(error).toMatchObject({ kind: 'timeout', retryable: true, ambiguous: true });
    // The sandbox finishes the write after we gave up: reconciliation finds it.
    const deadline = Date.now() + 5_000;
    let found = await client.find.vendorsByName('Slow Vendor Inc');
    while (found.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      found = await client.find.vendorsByName('Slow Vendor Inc');
    }
    expect(found).toHaveLength(1);
  });

  it('connection refused is plain transient: nothing was sent', async () => {
    // Elsewhere than the profile's base URL: allowed explicitly (its tokens go only where granted).
    const nowhere = env.client({
      connection: { baseUrl: 'http://127.0.0.1:9' },
      env: { LEDGERLIFT_API_ALLOW_BASE_URL_OVERRIDE: '1' },
    });
    const error = await env.failure(nowhere.customers.create({ customer: 'Never Sent Ltd' }));
    expect(error).toMatchObject({
      kind: 'network',
      retryable: true,
      ambiguous: false,
    });
  });
});

async function subTypeId(name: string): Promise<number> {
  const subTypes = await client.accounts.listSubTypes();
  const found = subTypes.find((subType) => subType.name === name);
  if (!found) throw new Error(`no sub-type ${name}`);
  return found.id;
}
