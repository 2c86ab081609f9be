import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryCredentialStore } from '../../src/credentials/index.js';
import { collect, paginate, type PartnerApiClient } from '../../src/partner-api/index.js';
import { pickList } from '../../src/partner-api/envelope.js';
import { ok, startFakeApi, type FakeApi } from './support/fake-api.js';
import { TestClock, connectedProfile, rejectionOf, testClient } from './support/client-fixture.js';

let api: FakeApi | undefined;
let client: PartnerApiClient | undefined;
afterEach(async () => {
  await client?.close();
  await api?.close();
});

/** 230 vendors served 100 per page under an array key the client has never heard of. */
function vendorsUnderOddKey(page: number) {
  const all = Array.from({ length: 230 }, (_, index) => ({
    id: `v-${index}`,
    name: `Vendor ${index}`,
  }));
  const slice = all.slice((page - 1) * 100, page * 100);
  return ok({
    page,
    limit: 100,
    totalRecords: all.length,
    totalPages: 3,
    filters: { search: null },
    supplierRows: slice,
  });
}

describe('paginated lists', () => {
  it('follows totalPages, asks for 100 per page, and finds records under any array key', async () => {
    api = await startFakeApi((request) => vendorsUnderOddKey(Number(request.query.get('page'))));
    const clock = new TestClock();
    client = testClient(
      createMemoryCredentialStore({ default: connectedProfile(api.baseUrl, clock) }),
      clock,
    ).client;
    const vendors = await collect(client.vendors.list({ search: 'Vendor' }));
    expect(vendors).toHaveLength(230);
    expect(vendors[0]?.id).toBe('v-0');
    expect(vendors[229]?.id).toBe('v-229');
    expect(api.requests.map((request) => request.url)).toEqual([
      '/partners/vendors?search=Vendor&page=1&limit=100',
      '/partners/vendors?search=Vendor&page=2&limit=100',
      '/partners/vendors?search=Vendor&page=3&limit=100',
    ]);
  });

  it('reads one page with its pagination fields for cursor-driven callers', async () => {
    api = await startFakeApi((request) => vendorsUnderOddKey(Number(request.query.get('page'))));
    const clock = new TestClock();
    client = testClient(
      createMemoryCredentialStore({ default: connectedProfile(api.baseUrl, clock) }),
      clock,
    ).client;
    const page = await client.vendors.listPage({ page: 3, limit: 100 });
    expect(page).toMatchObject({ page: 3, limit: 100, totalRecords: 230, totalPages: 3 });
    expect(page.records).toHaveLength(30);
  });

  it('rejects a list whose record array cannot be told apart', async () => {
    api = await startFakeApi(() => ok({ page: 1, totalPages: 1, vendors_a: [], vendors_b: [] }));
    const clock = new TestClock();
    client = testClient(
      createMemoryCredentialStore({ default: connectedProfile(api.baseUrl, clock) }),
      clock,
    ).client;
    const error = await rejectionOf(client.invoices.listPage());
    expect(error).toMatchObject({ kind: 'unexpected-response' });
    expect(error.message).toContain('several arrays (vendors_a, vendors_b)');
  });

  it('keeps going while pages are full when the server omits totalPages, and stops on a short page', async () => {
    const pages = [100, 100, 7];
    const fetched: number[] = [];
    const records = await collect(
      paginate(async (page) => {
        fetched.push(page);
        const size = pages[page - 1] ?? 0;
        return Promise.resolve({
          page,
          records: Array.from({ length: size }, (_, index) => `${page}.${index}`),
        });
      }),
    );
    expect(fetched).toEqual([1, 2, 3]);
    expect(records).toHaveLength(207);
  });

  it('prefers the documented key, then the only non-pagination array', () => {
    expect(pickList({ page: 1, filters: {}, records: [1], extra: 'x' }, ['records'])).toEqual([1]);
    expect(pickList({ page: 1, limit: 100, totalPages: 1, weird: [2] }, ['records'])).toEqual([2]);
    expect(pickList({ transactions: [3], bills: [4] }, ['transactions'])).toEqual([3]);
  });
});
