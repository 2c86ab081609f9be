import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryCredentialStore } from '../../src/credentials/index.js';
import { resolveConnection, type PartnerApiClient } from '../../src/partner-api/index.js';
import { ok, startFakeApi, type FakeApi } from './support/fake-api.js';
import {
  ACCESS_TOKEN,
  CLIENT_SECRET,
  TestClock,
  connectedProfile,
  rejectionOf,
  testClient,
} from './support/client-fixture.js';

let apis: FakeApi[] = [];
let clients: PartnerApiClient[] = [];
afterEach(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await Promise.all(apis.map((api) => api.close()));
  apis = [];
  clients = [];
});

async function fakeApi() {
  const api = await startFakeApi(() => ok({ customer: { id: 'c-1', customer: 'Acme' } }));
  apis.push(api);
  return api;
}

describe('where a profile sends its tokens', () => {
  it('refuses a base URL override that differs from the profile, and sends nothing there', async () => {
    const granted = await fakeApi();
    const elsewhere = await fakeApi();
    const clock = new TestClock();
    const store = createMemoryCredentialStore({
      default: connectedProfile(granted.baseUrl, clock),
    });
    const { client } = testClient(store, clock, {
      env: { LEDGERLIFT_API_BASE_URL: elsewhere.baseUrl },
    });
    clients.push(client);
    const error = await rejectionOf(client.customers.get('c-1'));
    expect(error).toMatchObject({ kind: 'config' });
    expect(error.message).toContain(`connected to ${granted.baseUrl}`);
    expect(error.message).toContain('LEDGERLIFT_API_ALLOW_BASE_URL_OVERRIDE=1');
    expect(elsewhere.requests).toHaveLength(0);
    expect(JSON.stringify(elsewhere.requests)).not.toContain(ACCESS_TOKEN);
  });

  it('allows the override only when the operator says so', async () => {
    const granted = await fakeApi();
    const elsewhere = await fakeApi();
    const clock = new TestClock();
    const store = createMemoryCredentialStore({
      default: connectedProfile(granted.baseUrl, clock),
    });
    const { client } = testClient(store, clock, {
      env: {
        LEDGERLIFT_API_BASE_URL: elsewhere.baseUrl,
        LEDGERLIFT_API_ALLOW_BASE_URL_OVERRIDE: '1',
      },
    });
    clients.push(client);
    await client.customers.get('c-1');
    expect(elsewhere.requests).toHaveLength(1);
  });

  it('takes plain http only for this machine, or a host the operator names', () => {
    const connect = (baseUrl: string, env: NodeJS.ProcessEnv = {}) =>
      resolveConnection({
        explicit: { baseUrl, clientId: 'id', clientSecret: CLIENT_SECRET },
        env,
      });
    for (const local of ['http://127.0.0.1:4010', 'http://localhost:4010', 'http://[::1]:4010']) {
      expect(connect(local).baseUrl).toBe(local);
    }
    expect(connect('https://api.partner.example').baseUrl).toBe('https://api.partner.example');
    expect(() => connect('http://api.partner.example')).toThrow(
      expect.objectContaining({ kind: 'config' }),
    );
    expect(() => connect('http://sandbox:4010')).toThrow(/plain http .* not this machine/);
    expect(() => connect('http://127.0.0.1.evil.example')).toThrow(
      expect.objectContaining({ kind: 'config' }),
    );
    expect(
      connect('http://sandbox:4010', { LEDGERLIFT_API_PLAIN_HTTP_HOSTS: 'sandbox' }).baseUrl,
    ).toBe('http://sandbox:4010');
  });
});
