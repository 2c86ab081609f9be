import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryCredentialStore } from '../../src/credentials/index.js';
import { runBulk } from '../../src/partner-api/bulk.js';
import {
  PartnerApiError,
  splitIntoBatches,
  type PartnerApiClient,
} from '../../src/partner-api/index.js';
import {
  startFakeApi,
  type FakeApi,
  type FakeAction,
  type ReceivedRequest,
} from './support/fake-api.js';
import { TestClock, connectedProfile, rejectionOf, testClient } from './support/client-fixture.js';

let api: FakeApi | undefined;
let client: PartnerApiClient | undefined;
afterEach(async () => {
  await client?.close();
  await api?.close();
});

/**
 * A bulk endpoint that answers rows out of order, fails rows whose name contains "bad", and leaves
 * out the result of rows whose name contains "lost" (no proof of creation, T8).
 */
function bulkCustomers(request: ReceivedRequest): FakeAction {
  const rows = (JSON.parse(request.bodyText) as { customers: Array<{ customer: string }> })
    .customers;
  const results = rows
    .map((row, index) => {
      if (row.customer.includes('lost')) return undefined;
      if (row.customer.includes('bad')) {
        return {
          index,
          status: 'failed',
          message: 'customer name is invalid',
          errors: [{ field: 'customer', reason: 'invalid' }],
        };
      }
      return {
        index,
        status: 'created',
        id: `id-${row.customer}`,
        customer: { id: `id-${row.customer}`, customer: row.customer },
      };
    })
    .filter((entry) => entry !== undefined)
    .reverse();
  results.push({
    index: 999,
    status: 'created',
    id: 'nobody',
    customer: { id: 'nobody', customer: 'x' },
  });
  return {
    status: 201,
    json: {
      status: 'success',
      data: { errorCount: results.filter((r) => r.status === 'failed').length, results },
    },
  };
}

async function start(handler: (request: ReceivedRequest) => FakeAction): Promise<PartnerApiClient> {
  api = await startFakeApi(handler);
  const clock = new TestClock();
  client = testClient(
    createMemoryCredentialStore({ default: connectedProfile(api.baseUrl, clock) }),
    clock,
  ).client;
  return client;
}

describe('bulk helpers', () => {
  it('splits into batches of at most 100 and remembers offsets', () => {
    const batches = splitIntoBatches(Array.from({ length: 250 }, (_, index) => index));
    expect(batches.map((batch) => [batch.offset, batch.rows.length])).toEqual([
      [0, 100],
      [100, 100],
      [200, 50],
    ]);
    expect(() => splitIntoBatches([1], 101)).toThrow(RangeError);
  });

  it('maps each results[].index back to the caller row across calls of at most 100', async () => {
    const c = await start(bulkCustomers);
    const rows = Array.from({ length: 250 }, (_, index) => ({
      customer:
        index === 7
          ? 'bad-7'
          : index === 150
            ? 'lost-150'
            : index === 249
              ? 'bad-249'
              : `c${index}`,
    }));
    const result = await c.customers.bulkCreate(rows);

    expect(
      api?.requests.map(
        (request) => (JSON.parse(request.bodyText) as { customers: unknown[] }).customers.length,
      ),
    ).toEqual([100, 100, 50]);
    expect(result.calls).toBe(3);
    expect(result.rows).toHaveLength(250);
    expect(result.rows.map((row) => row.index)).toEqual(rows.map((_, index) => index));
    expect(result.rows[0]).toMatchObject({
      status: 'succeeded',
      serverStatus: 'created',
      id: 'id-c0',
    });
    expect(result.rows[120]).toMatchObject({ index: 120, status: 'succeeded', id: 'id-c120' });
    expect(result.rows[7]).toMatchObject({ status: 'failed', message: 'customer name is invalid' });
    expect(result.rows[249]).toMatchObject({ index: 249, status: 'failed' });
    expect(result.rows[150]).toMatchObject({ index: 150, status: 'unconfirmed' });
    expect(result.failedCount).toBe(2);
    // Every success names the record of its own row.
    for (const row of result.rows) {
      if (row.status === 'succeeded') expect(row.record?.customer).toBe(rows[row.index]?.customer);
    }
  });

  it('reports rows done so far when a later batch fails, and throws when the first one does', async () => {
    let calls = 0;
    const c = await start((request) => {
      calls += 1;
      if (calls === 2) return { status: 500, json: { status: 'error', message: 'boom' } };
      return bulkCustomers(request);
    });
    const rows = Array.from({ length: 230 }, (_, index) => ({ customer: `c${index}` }));
    const result = await c.customers.bulkCreate(rows);
    expect(result.stoppedBy).toMatchObject({ kind: 'server', ambiguous: true });
    expect(result.rows.slice(0, 100).every((row) => row.status === 'succeeded')).toBe(true);
    expect(result.rows.slice(100, 200).every((row) => row.status === 'unconfirmed')).toBe(true);
    expect(result.rows.slice(200).every((row) => row.status === 'not_sent')).toBe(true);
    expect(calls).toBe(2);

    api?.setHandler(() => ({
      status: 429,
      json: { status: 'error', message: 'slow down' },
      headers: { 'retry-after': '2' },
    }));
    const error = await rejectionOf(c.customers.bulkCreate(rows.slice(0, 10)));
    expect(error).toMatchObject({ kind: 'rate-limited' });
  });

  it('leaves a later batch unconfirmed when it fails with anything but a refusal', async () => {
    const rows = Array.from({ length: 5 }, (_, index) => index);
    const answered = new Map([
      [0, { index: 0, status: 'failed' as const, message: 'no', errors: [] }],
    ]);
    const failingWith = (error: Error) => {
      let batch = 0;
      return runBulk(
        rows,
        () => (batch++ === 0 ? Promise.resolve(answered) : Promise.reject(error)),
        {
          batchSize: 2,
        },
      );
    };
    // A failure the client did not classify (a bug, say) may have followed the send.
    const bug = await failingWith(new TypeError('bug'));
    expect(bug.rows.map((row) => row.status)).toEqual([
      'failed',
      'unconfirmed',
      'unconfirmed',
      'unconfirmed',
      'not_sent',
    ]);
    const refused = await failingWith(new PartnerApiError('rate-limited', 'slow down'));
    expect(refused.rows.map((row) => row.status)).toEqual([
      'failed',
      'unconfirmed',
      'not_sent',
      'not_sent',
      'not_sent',
    ]);
  });
});

describe('rows the client rejects', () => {
  it('fails them alone, sends the rest, and keeps every index pointing at the caller row', async () => {
    const c = await start((request) => {
      const rows = (JSON.parse(request.bodyText) as { transactions: Array<{ amount: unknown }> })
        .transactions;
      return {
        status: 201,
        json: {
          status: 'success',
          data: {
            errorCount: 0,
            results: rows.map((_, index) => ({ index, status: 'created', id: `t-${index}` })),
          },
        },
      };
    });
    const result = await c.transactions.bulkCreate([
      { accountUuid: 'bank', amount: '1.00', postedDate: '2026-01-01' },
      { accountUuid: 'bank', amount: '1.005', postedDate: '2026-01-01' },
      { accountUuid: 'bank', amount: '-3', postedDate: '2026-01-02' },
    ]);
    expect(api?.requests).toHaveLength(1);
    expect(api?.requests[0]?.bodyText).toContain('"amount":-3.00');
    expect(result.rows).toMatchObject([
      { index: 0, status: 'succeeded', id: 't-0' },
      { index: 1, status: 'failed' },
      { index: 2, status: 'succeeded', id: 't-1' },
    ]);
    expect(result.rows[1]?.status === 'failed' && result.rows[1].message).toContain('amount');
  });
});
