import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryCredentialStore } from '../../src/credentials/index.js';
import { scanNewestFirst, type Page, type PartnerApiClient } from '../../src/partner-api/index.js';
import { ok, startFakeApi, type FakeApi, type ReceivedRequest } from './support/fake-api.js';
import { TestClock, connectedProfile, testClient } from './support/client-fixture.js';

let api: FakeApi | undefined;
let client: PartnerApiClient | undefined;
afterEach(async () => {
  await client?.close();
  await api?.close();
});

async function start(
  handler: (request: ReceivedRequest) => ReturnType<typeof ok>,
): Promise<PartnerApiClient> {
  api = await startFakeApi(handler);
  const clock = new TestClock();
  client = testClient(
    createMemoryCredentialStore({ default: connectedProfile(api.baseUrl, clock) }),
    clock,
  ).client;
  return client;
}

function pager<T>(pages: T[][]) {
  const fetched: number[] = [];
  const fetchPage = (page: number): Promise<Page<T>> => {
    fetched.push(page);
    return Promise.resolve({ page, records: pages[page - 1] ?? [], totalPages: pages.length });
  };
  return { fetched, fetchPage };
}

const at = (day: number) => Date.parse(`2026-01-${String(day).padStart(2, '0')}T00:00:00Z`);

describe('scanNewestFirst', () => {
  it('stops after a page entirely older than the bound when the list proved newest-first', async () => {
    const { fetched, fetchPage } = pager([
      [{ t: 20 }, { t: 15 }],
      [{ t: 9 }, { t: 8 }],
      [{ t: 3 }, { t: 2 }],
    ]);
    const found = await scanNewestFirst(
      fetchPage,
      (r) => r.t === 2,
      (r) => at(r.t),
      at(10),
    );
    expect(fetched).toEqual([1, 2]);
    expect(found).toEqual([]);
  });

  it('scans everything once one record is out of order, so a wrong order assumption costs time, not correctness', async () => {
    const { fetched, fetchPage } = pager([
      [{ t: 20 }, { t: 25 }],
      [{ t: 9 }, { t: 8 }],
      [{ t: 3 }, { t: 12 }],
    ]);
    const found = await scanNewestFirst(
      fetchPage,
      (r) => r.t === 12,
      (r) => at(r.t),
      at(10),
    );
    expect(fetched).toEqual([1, 2, 3]);
    expect(found).toEqual([{ t: 12 }]);
  });

  it('returns every match, duplicates included, when no bound is given', async () => {
    const { fetched, fetchPage } = pager([[{ n: 'A' }, { n: 'B' }], [{ n: 'A' }]]);
    const found = await scanNewestFirst(
      fetchPage,
      (r) => r.n === 'A',
      () => undefined,
    );
    expect(fetched).toEqual([1, 2]);
    expect(found).toHaveLength(2);
  });
});

describe('natural-key finders', () => {
  it('matches customers by exact name ignoring case, after a partial search', async () => {
    const c = await start((request) => {
      expect(request.query.get('search')).toBe('Acme Ltd');
      return ok({
        page: 1,
        limit: 100,
        totalRecords: 3,
        totalPages: 1,
        records: [
          { id: 'c1', customer: 'ACME LTD ' },
          { id: 'c2', customer: 'Acme Ltd (old)' },
          { id: 'c3', customer: 'Bob', contactName: 'Acme Ltd' },
        ],
      });
    });
    expect((await c.find.customersByName(' Acme Ltd')).map((customer) => customer.id)).toEqual([
      'c1',
    ]);
  });

  it('finds accounts by number, including sub-accounts, within a type', async () => {
    const c = await start((request) => {
      expect(request.query.get('type')).toBe('Assets');
      return ok({
        page: 1,
        totalPages: 1,
        accounts: [
          {
            id: 'a1',
            name: 'Bank',
            accountNumber: '1000',
            subAccounts: [{ id: 'a2', name: 'Petty cash', accountNumber: '1010' }],
          },
        ],
      });
    });
    expect(
      (await c.find.accounts({ type: 'Assets', accountNumber: '1010' })).map((a) => a.id),
    ).toEqual(['a2']);
    expect((await c.find.accounts({ type: 'Assets', name: 'bank' })).map((a) => a.id)).toEqual([
      'a1',
    ]);
    expect(await c.find.accounts({ type: 'Assets', accountNumber: '9999' })).toEqual([]);
  });

  it('finds a transaction by account, date, exact amount and description', async () => {
    const c = await start((request) => {
      expect(request.query.get('accUuid')).toBe('bank-1');
      return ok({
        page: 1,
        totalPages: 1,
        transactions: [
          {
            id: 't1',
            postedDate: '2026-02-03',
            amount: -12.5,
            description: 'Coffee',
            accountId: 'bank-1',
          },
          {
            id: 't2',
            postedDate: '2026-02-03',
            amount: -12.05,
            description: 'Coffee',
            accountId: 'bank-1',
          },
          {
            id: 't3',
            postedDate: '2026-02-02',
            amount: -12.5,
            description: 'Coffee',
            accountId: 'bank-1',
          },
        ],
      });
    });
    const found = await c.find.transactions({
      accountUuid: 'bank-1',
      postedDate: '2026-02-03',
      amount: '-12.50',
      description: 'Coffee',
    });
    expect(found.map((t) => t.id)).toEqual(['t1']);
  });

  it('finds invoices by number within their type and bills narrowed by vendor', async () => {
    const c = await start((request) =>
      request.path === '/partners/invoices'
        ? ok({
            page: 1,
            totalPages: 1,
            invoices: [{ id: 'i1', invoiceNumber: 'INV-7', createdAt: '2026-01-02T00:00:00.000Z' }],
          })
        : ok({
            page: 1,
            totalPages: 1,
            bills: [
              { id: 'b1', billNumber: 'B-7' },
              { id: 'b2', billNumber: 'B-8' },
            ],
          }),
    );
    expect(
      (await c.find.invoicesByNumber({ invoiceNumber: 'INV-7', invoiceType: 'invoice' })).map(
        (i) => i.id,
      ),
    ).toEqual(['i1']);
    expect(
      (await c.find.billsByNumber({ billNumber: 'B-8', vendorUuids: ['v1', 'v2'] })).map(
        (b) => b.id,
      ),
    ).toEqual(['b2']);
    expect(api!.requests[0]!.query.get('invoiceType')).toBe('invoice');
    expect(api!.requests[1]!.query.get('vendorUuids')).toBe('v1,v2');
  });
});
