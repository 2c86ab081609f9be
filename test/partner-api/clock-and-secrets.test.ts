import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryCredentialStore } from '../../src/credentials/index.js';
import { type PartnerApiClient } from '../../src/partner-api/index.js';
import { ok, startFakeApi, type FakeApi, type ReceivedRequest } from './support/fake-api.js';
import {
  ACCESS_TOKEN,
  CLIENT_SECRET,
  REFRESH_TOKEN,
  TestClock,
  connectedProfile,
  rejectionOf,
  testClient,
} from './support/client-fixture.js';

let api: FakeApi | undefined;
let client: PartnerApiClient | undefined;
afterEach(async () => {
  await client?.close();
  await api?.close();
});

/** Refuses signatures whose timestamp is more than 300 s from the server's (real) clock. */
function checksTimestamps(request: ReceivedRequest) {
  const skew = Math.abs(Number(request.headers['x-timestamp']) - Date.now() / 1000);
  return skew > 300
    ? {
        status: 401,
        json: { status: 'error', message: 'The timestamp is outside the allowed window.' },
      }
    : ok({ customer: { id: 'c-1', customer: 'Acme' } });
}

describe('clock skew', () => {
  it("signs with the server's time after a 401 when the Date header shows our clock is far off", async () => {
    api = await startFakeApi(checksTimestamps);
    const clock = new TestClock(Date.now() + 1_000_000); // our clock is 1000 s fast
    const store = createMemoryCredentialStore({ default: connectedProfile(api.baseUrl, clock) });
    client = testClient(store, clock).client;
    await client.customers.get('c-1');
    await client.customers.get('c-1');
    const [first, second, third] = api.requests.map((request) =>
      Number(request.headers['x-timestamp']),
    );
    expect(Math.abs(first! - Date.now() / 1000)).toBeGreaterThan(900);
    expect(Math.abs(second! - Date.now() / 1000)).toBeLessThan(60);
    // The correction is kept for later calls: no further 401.
    expect(Math.abs(third! - Date.now() / 1000)).toBeLessThan(60);
    expect(api.requests).toHaveLength(3);
  });

  it('does not keep a correction that did not help', async () => {
    api = await startFakeApi((request) =>
      request.path.endsWith('/refresh-user-access-token')
        ? { status: 401, json: { status: 'error', message: 'no' } }
        : {
            status: 401,
            json: { status: 'error', message: 'no' },
            headers: { date: 'Thu, 01 Jan 2015 00:00:00 GMT' },
          },
    );
    const clock = new TestClock();
    client = testClient(
      createMemoryCredentialStore({ default: connectedProfile(api.baseUrl, clock) }),
      clock,
    ).client;
    const error = await rejectionOf(client.customers.get('c-1'));
    expect(error).toMatchObject({ kind: 'credential' });
    // data call, re-signed data call, refresh: the refresh was signed with our own clock again.
    const stamps = api.requests.map((request) => Number(request.headers['x-timestamp']));
    expect(stamps).toHaveLength(3);
    expect(Math.abs(stamps[2]! - clock.nowMs / 1000)).toBeLessThan(2);
  });
});

describe('secrets', () => {
  it('never lets an echoed token, secret or signature into an error or a log event', async () => {
    // A hostile server echoing everything it received into its error messages.
    api = await startFakeApi((request) => ({
      status: request.method === 'GET' ? 400 : 500,
      json: {
        status: 'error',
        message: `bad request: ${JSON.stringify(request.headers)} ${request.bodyText}`,
        errors: [{ field: 'authorization', message: String(request.headers.authorization) }],
      },
    }));
    const clock = new TestClock();
    const { client: c, logs } = testClient(
      createMemoryCredentialStore({ default: connectedProfile(api.baseUrl, clock) }),
      clock,
    );
    client = c;
    const errors = [
      await rejectionOf(c.customers.get('c-1')),
      await rejectionOf(c.customers.create({ customer: 'Acme' })),
    ];
    const signatures = api.requests.map((request) => String(request.headers['x-signature']));
    const exposed = [
      ...errors.flatMap((error) => [error.message, error.stack ?? '', JSON.stringify(error)]),
      ...logs.map((event) => JSON.stringify(event)),
    ].join('\n');
    expect(exposed).toContain('[redacted]');
    for (const secret of [CLIENT_SECRET, ACCESS_TOKEN, REFRESH_TOKEN, ...signatures]) {
      expect(exposed).not.toContain(secret);
    }
  });
});
