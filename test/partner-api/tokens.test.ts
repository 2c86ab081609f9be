import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryCredentialStore, type CredentialStore } from '../../src/credentials/index.js';
import type { PartnerApiError } from '../../src/partner-api/index.js';
import { type PartnerApiClient } from '../../src/partner-api/index.js';
import { ok, startFakeApi, type FakeApi } from './support/fake-api.js';
import { TokenFake } from './support/token-fake.js';
import {
  ACCESS_TOKEN,
  REFRESH_TOKEN,
  TestClock,
  connectedProfile,
  rejectionOf,
  tempCredentials,
  testClient,
} from './support/client-fixture.js';

let api: FakeApi | undefined;
const clients: PartnerApiClient[] = [];
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
  await api?.close();
  api = undefined;
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const customer = { customer: { id: 'c-1', customer: 'Acme Ltd' } };

async function startTokenApi(tokens: TokenFake): Promise<FakeApi> {
  api = await startFakeApi(async (request) => (await tokens.handle(request)) ?? ok(customer));
  return api;
}

function track(client: PartnerApiClient): PartnerApiClient {
  clients.push(client);
  return client;
}

describe('refresh on 401', () => {
  it('refreshes once and retries when the API refuses the access token', async () => {
    const tokens = new TokenFake();
    tokens.validAccess.delete(ACCESS_TOKEN); // revoked on the server, still "valid" by its expiry
    await startTokenApi(tokens);
    const clock = new TestClock();
    const store = createMemoryCredentialStore({ default: connectedProfile(api!.baseUrl, clock) });
    const { client, logs } = testClient(store, clock);
    track(client);

    const found = await client.customers.get('c-1');
    expect(found.customer).toBe('Acme Ltd');
    expect(api!.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /partners/customers/c-1',
      'POST /partners/refresh-user-access-token',
      'GET /partners/customers/c-1',
    ]);
    const refresh = api!.requests[1]!;
    expect(JSON.parse(refresh.bodyText)).toEqual({ refreshToken: REFRESH_TOKEN });
    expect(refresh.headers.authorization).toBeUndefined();
    expect(api!.requests[2]!.headers.authorization).toBe(`Bearer ${tokens.latestAccessToken()}`);
    // Persisted before use: the store holds the rotated pair.
    const stored = await store.getProfile('default');
    expect(stored?.tokens?.accessToken).toBe(tokens.latestAccessToken());
    expect(stored?.tokens?.refreshToken).not.toBe(REFRESH_TOKEN);
    expect(logs.filter((event) => event.event === 'partner_api.request')).toMatchObject([
      { path: '/partners/customers/c-1', status: 401, send: 1, outcome: 'error' },
      { path: '/partners/refresh-user-access-token', status: 200, send: 1, outcome: 'ok' },
      { path: '/partners/customers/c-1', status: 200, send: 2, outcome: 'ok' },
    ]);
    expect(logs).toContainEqual(
      expect.objectContaining({
        event: 'partner_api.token_refresh',
        outcome: 'refreshed',
        trigger: 'rejected',
      }),
    );
  });

  it('gives up with a credential problem when the refreshed token is refused too', async () => {
    api = await startFakeApi(async (request) =>
      request.path === '/partners/refresh-user-access-token'
        ? ((await new TokenFake().handle(request)) ?? ok({}))
        : { status: 401, json: { status: 'error', message: 'Invalid bearer token.' } },
    );
    const clock = new TestClock();
    const store = createMemoryCredentialStore({ default: connectedProfile(api.baseUrl, clock) });
    const client = track(testClient(store, clock).client);
    const error = await rejectionOf(client.customers.get('c-1'));
    expect(error).toMatchObject({ kind: 'credential' });
    expect((error as PartnerApiError).problem).toBe('unauthorized');
    expect(error).toMatchObject({
      kind: 'credential',
      retryable: false,
    });
    expect(
      api.requests.filter((request) => request.path.endsWith('/refresh-user-access-token')),
    ).toHaveLength(1);
    expect(api.requests).toHaveLength(3);
  });

  it('refreshes when the newer token it switched to is refused too (a clock jump kills both)', async () => {
    const tokens = new TokenFake();
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    let dataCalls = 0;
    api = await startFakeApi(async (request) => {
      if (request.path.startsWith('/partners/customers/') && (dataCalls += 1) === 1) {
        await firstHeld; // answered only after the rotation and the jump below
      }
      return (await tokens.handle(request)) ?? ok(customer);
    });
    const clock = new TestClock();
    const store = createMemoryCredentialStore({ default: connectedProfile(api.baseUrl, clock) });
    const client = track(testClient(store, clock).client);

    const call = client.customers.get('c-1'); // sent with the original token, held by the server
    await waitUntil(() => dataCalls === 1);
    await client.tokens.refresh(); // another caller rotates the pair meanwhile
    const rotated = tokens.latestAccessToken();
    tokens.validAccess.clear(); // the server's clock jumps: both access tokens are now expired
    releaseFirst();

    const found = await call;
    expect(found.customer).toBe('Acme Ltd');
    expect(bearersSent(api)).toEqual([
      `Bearer ${ACCESS_TOKEN}`,
      `Bearer ${rotated}`,
      `Bearer ${tokens.latestAccessToken()}`,
    ]);
    expect(tokens.refreshCalls).toBe(2);
  });

  it('refreshes again when the refresh it joined was issued before the jump that killed its token', async () => {
    // A refresh already under way when the call's token is refused can hand back a pair the server's
    // clock jump killed too: that is a switch, not the call's one refresh.
    const tokens = new TokenFake();
    const killedAtIssue = `at-rotated-1-abcdef123456`;
    api = await startFakeApi(async (request) => {
      const answer = await tokens.handle(request);
      if (request.path === '/partners/refresh-user-access-token') {
        tokens.validAccess.delete(killedAtIssue); // the jump lands while the answer is on its way
      }
      return answer ?? ok(customer);
    });
    const clock = new TestClock();
    const store = createMemoryCredentialStore({ default: connectedProfile(api.baseUrl, clock) });
    const { client, logs } = testClient(store, clock);
    track(client);
    let release!: () => void;
    tokens.refreshGate = new Promise((resolve) => (release = resolve));
    const refreshing = client.tokens.refresh(); // another caller's refresh, held by the server
    await waitUntil(() => tokens.refreshCalls === 1);
    tokens.validAccess.delete(ACCESS_TOKEN); // the original token is refused from now on

    const call = client.customers.get('c-1');
    await waitUntil(() => logs.some((e) => e.event === 'partner_api.request' && e.status === 401));
    tokens.refreshGate = undefined;
    release();

    const found = await call;
    await refreshing;
    expect(found.customer).toBe('Acme Ltd');
    expect(bearersSent(api)).toEqual([
      `Bearer ${ACCESS_TOKEN}`,
      `Bearer ${killedAtIssue}`,
      `Bearer ${tokens.latestAccessToken()}`,
    ]);
    expect(tokens.refreshCalls).toBe(2);
  });

  it('spends its own refresh once two newer tokens it switched to were refused too', async () => {
    // Tokens rotating elsewhere, each dead by the time the call resends with it: past its switches
    // the call asks for a pair issued for it instead of giving up.
    const tokens = new TokenFake();
    const held: Array<() => void> = [];
    let dataCalls = 0;
    api = await startFakeApi(async (request) => {
      if (request.path.startsWith('/partners/customers/')) {
        dataCalls += 1;
        if (dataCalls <= 3) await new Promise<void>((resolve) => held.push(resolve));
      }
      return (await tokens.handle(request)) ?? ok(customer);
    });
    const clock = new TestClock();
    const store = createMemoryCredentialStore({ default: connectedProfile(api.baseUrl, clock) });
    const client = track(testClient(store, clock).client);

    const call = client.customers.get('c-1');
    for (let round = 1; round <= 3; round += 1) {
      await waitUntil(() => held.length === round);
      const refused = tokens.latestAccessToken();
      await client.tokens.refresh(); // rotated elsewhere while the call's send is held
      tokens.validAccess.delete(round === 1 ? ACCESS_TOKEN : refused);
      held[round - 1]!();
    }

    const found = await call;
    expect(found.customer).toBe('Acme Ltd');
    expect(bearersSent(api)).toEqual([
      `Bearer ${ACCESS_TOKEN}`,
      'Bearer at-rotated-1-abcdef123456',
      'Bearer at-rotated-2-abcdef123456',
      'Bearer at-rotated-4-abcdef123456',
    ]);
    expect(tokens.refreshCalls).toBe(4);
  });

  it('reports a rejected refresh token as a credential problem, distinct from a 400', async () => {
    const tokens = new TokenFake();
    tokens.validAccess.clear();
    tokens.validRefresh.clear();
    await startTokenApi(tokens);
    const clock = new TestClock();
    const store = createMemoryCredentialStore({ default: connectedProfile(api!.baseUrl, clock) });
    const client = track(testClient(store, clock).client);
    const error = await rejectionOf(client.customers.get('c-1'));
    expect(error).toMatchObject({ kind: 'credential' });
    expect((error as PartnerApiError).problem).toBe('refresh_rejected');
    expect(error.message).toContain('ledgerlift connect');
  });
});

describe('refresh before expiry', () => {
  it('refreshes ahead of expiry, and concurrent calls share exactly one refresh', async () => {
    const tokens = new TokenFake();
    await startTokenApi(tokens);
    const clock = new TestClock();
    const store = createMemoryCredentialStore({
      default: connectedProfile(api!.baseUrl, clock, {}, 30),
    });
    const client = track(testClient(store, clock).client);
    let release!: () => void;
    tokens.refreshGate = new Promise((resolve) => (release = resolve));

    const calls = Array.from({ length: 8 }, () => client.customers.get('c-1'));
    await waitUntil(() => tokens.refreshCalls === 1);
    release();
    await Promise.all(calls);

    expect(tokens.refreshCalls).toBe(1);
    const data = api!.requests.filter((request) => request.path === '/partners/customers/c-1');
    expect(data).toHaveLength(8);
    // Nobody used the expiring token: all waited for the one refresh.
    expect(new Set(data.map((request) => request.headers.authorization))).toEqual(
      new Set([`Bearer ${tokens.latestAccessToken()}`]),
    );
  });

  it('shares one refresh among concurrent calls that all hit a 401', async () => {
    const tokens = new TokenFake();
    tokens.validAccess.clear();
    await startTokenApi(tokens);
    const clock = new TestClock();
    const store = createMemoryCredentialStore({ default: connectedProfile(api!.baseUrl, clock) });
    const client = track(testClient(store, clock).client);
    let release!: () => void;
    tokens.refreshGate = new Promise((resolve) => (release = resolve));
    const calls = Array.from({ length: 6 }, () => client.customers.get('c-1'));
    await waitUntil(
      () =>
        tokens.refreshCalls === 1 &&
        api!.requests.filter((r) => r.path === '/partners/customers/c-1').length === 6,
    );
    release();
    await Promise.all(calls);
    expect(tokens.refreshCalls).toBe(1);
  });

  it('uses an injectable clock: no refresh until the margin is reached', async () => {
    const tokens = new TokenFake();
    await startTokenApi(tokens);
    const clock = new TestClock();
    const store = createMemoryCredentialStore({
      default: connectedProfile(api!.baseUrl, clock, {}, 600),
    });
    const client = track(testClient(store, clock).client);
    await client.customers.get('c-1');
    clock.advanceSeconds(600 - 61);
    await client.customers.get('c-1');
    expect(tokens.refreshCalls).toBe(0);
    clock.advanceSeconds(2);
    await client.customers.get('c-1');
    expect(tokens.refreshCalls).toBe(1);
  });

  it('fails fast when the refresh token itself has expired', async () => {
    const tokens = new TokenFake();
    await startTokenApi(tokens);
    const clock = new TestClock();
    const profile = connectedProfile(api!.baseUrl, clock, {}, 10);
    profile.tokens!.refreshTokenExpiresAt = clock.iso(-1);
    const client = track(
      testClient(createMemoryCredentialStore({ default: profile }), clock).client,
    );
    const error = await rejectionOf(client.customers.get('c-1'));
    expect((error as PartnerApiError).problem).toBe('refresh_token_expired');
    expect(tokens.refreshCalls).toBe(0);
  });
});

describe('token status and forced refresh', () => {
  it('reports expiry without tokens, and refreshes on demand', async () => {
    const tokens = new TokenFake();
    await startTokenApi(tokens);
    const clock = new TestClock();
    const store = createMemoryCredentialStore({ default: connectedProfile(api!.baseUrl, clock) });
    const client = track(testClient(store, clock).client);
    const before = await client.tokens.status();
    expect(before).toEqual({
      profile: 'default',
      connected: true,
      workspaceId: '3f9a6c1e-8b2d-4e57-a1c4-5d6e7f809a1b',
      workspaceName: 'Test Workspace',
      accessTokenExpiresAt: clock.iso(3600),
      refreshTokenExpiresAt: clock.iso(30 * 24 * 3600),
    });
    const after = await client.tokens.refresh();
    expect(tokens.refreshCalls).toBe(1);
    expect(after.accessTokenExpiresAt).not.toBe(before.accessTokenExpiresAt);
    expect(JSON.stringify(after)).not.toContain('at-');
    expect((await store.getProfile('default'))?.tokens?.accessToken).toBe(
      tokens.latestAccessToken(),
    );
  });
});

describe('refresh across processes sharing one credential file', () => {
  it('rotates once: the second client adopts the pair the first one stored', async () => {
    const tokens = new TokenFake();
    await startTokenApi(tokens);
    const clock = new TestClock();
    const files = await tempCredentials();
    cleanups.push(files.cleanup);
    await files.store.putProfile('default', connectedProfile(api!.baseUrl, clock, {}, 120));
    // Two clients, two stores over the same file: nothing shared in memory.
    const first = track(testClient(storeOver(files.file), clock).client);
    const second = track(testClient(storeOver(files.file), clock).client);
    await Promise.all([first.customers.get('c-1'), second.customers.get('c-1')]);
    expect(tokens.refreshCalls).toBe(0);

    clock.advanceSeconds(100); // both now hold a token within the refresh margin
    let release!: () => void;
    tokens.refreshGate = new Promise((resolve) => (release = resolve));
    const both = Promise.all([first.customers.get('c-1'), second.customers.get('c-1')]);
    await waitUntil(() => tokens.refreshCalls === 1);
    release();
    await both;

    // A second refresh would have spent the already-rotated refresh token and failed.
    expect(tokens.refreshCalls).toBe(1);
    const latest = `Bearer ${tokens.latestAccessToken()}`;
    const lastTwo = api!.requests
      .filter((request) => request.path === '/partners/customers/c-1')
      .slice(-2);
    expect(lastTwo.map((request) => request.headers.authorization)).toEqual([latest, latest]);
    const stored = await files.store.getProfile('default');
    expect(stored?.tokens?.accessToken).toBe(tokens.latestAccessToken());
  });
});

describe('configuration', () => {
  it('asks for `ledgerlift connect` when the profile has no tokens', async () => {
    api = await startFakeApi(() => ok(customer));
    const clock = new TestClock();
    const client = track(
      testClient(createMemoryCredentialStore(), clock, {
        env: {
          LEDGERLIFT_API_BASE_URL: api.baseUrl,
          LEDGERLIFT_CLIENT_ID: 'id',
          LEDGERLIFT_CLIENT_SECRET: 'secret-value-123',
        },
      }).client,
    );
    const error = await rejectionOf(client.customers.get('c-1'));
    expect((error as PartnerApiError).problem).toBe('not_connected');
    expect(api.requests).toHaveLength(0);
  });

  it('names the profiles that exist when the one asked for is missing', async () => {
    api = await startFakeApi(() => ok(customer));
    const clock = new TestClock();
    const store = createMemoryCredentialStore({
      sandbox: connectedProfile(api.baseUrl, clock),
      acme: connectedProfile(api.baseUrl, clock),
    });
    // The worker asks for `default`, as `ledgerlift run` without --profile did against the dev stack.
    const client = track(testClient(store, clock).client);
    const error = await rejectionOf(client.customers.get('c-1'));
    expect(error).toMatchObject({ kind: 'credential' });
    expect((error as PartnerApiError).problem).toBe('not_connected');
    expect(error.message).toContain('No workspace is connected for profile "default"');
    expect(error.message).toContain(
      'Profiles there: acme, sandbox; use one (--profile acme) or run `ledgerlift connect --profile default`.',
    );
    expect(api.requests).toHaveLength(0);
  });

  it('names every missing setting when nothing is configured', async () => {
    const client = track(testClient(createMemoryCredentialStore(), new TestClock()).client);
    const error = await rejectionOf(client.customers.get('c-1'));
    expect(error).toMatchObject({ kind: 'config' });
    expect(error.message).toContain('LEDGERLIFT_API_BASE_URL');
    expect(error.message).toContain('LEDGERLIFT_CLIENT_ID');
    expect(error.message).toContain('LEDGERLIFT_CLIENT_SECRET');
  });

  it('lets the environment override the profile when allowed, but refuses a different client id', async () => {
    api = await startFakeApi(() => ok(customer));
    const clock = new TestClock();
    const store = createMemoryCredentialStore({
      default: connectedProfile('http://127.0.0.1:9', clock),
    });
    const moved = track(
      testClient(store, clock, {
        env: { LEDGERLIFT_API_BASE_URL: api.baseUrl, LEDGERLIFT_API_ALLOW_BASE_URL_OVERRIDE: '1' },
      }).client,
    );
    await moved.customers.get('c-1');
    expect(api.requests).toHaveLength(1);
    const other = track(
      testClient(store, clock, { env: { LEDGERLIFT_CLIENT_ID: 'someone-else' } }).client,
    );
    expect(await rejectionOf(other.customers.get('c-1'))).toMatchObject({ kind: 'config' });
  });
});

function storeOver(file: string): CredentialStore {
  return createFileStore(file);
}

import { createFileCredentialStore } from '../../src/credentials/index.js';
function createFileStore(file: string): CredentialStore {
  return createFileCredentialStore({ path: file, env: {} });
}

/** The bearer tokens the customer calls were sent with, in order. */
function bearersSent(fake: FakeApi): Array<string | undefined> {
  return fake.requests
    .filter((request) => request.path === '/partners/customers/c-1')
    .map((request) => request.headers.authorization);
}

async function waitUntil(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}
