import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PartnerApiError } from '../../../src/partner-api/index.js';
import { ConsentFlowError, collect, runConsentFlow } from '../../../src/partner-api/index.js';
import { createFileCredentialStore } from '../../../src/credentials/index.js';
import { TestClock } from '../support/client-fixture.js';
import {
  SANDBOX_CLIENT_ID,
  SANDBOX_CLIENT_SECRET,
  SANDBOX_WORKSPACE_ID,
  startConformance,
  type Conformance,
} from './support/sandbox-fixture.js';

/**
 * Connecting and staying connected against the real sandbox: the consent screen, token expiry
 * and refresh in the middle of a sequence, rotation, revocation and clock skew.
 */

const REFRESH_PATH = '/partners/refresh-user-access-token';
let env: Conformance;

beforeAll(async () => {
  // Short access tokens so expiry is reached by moving clocks, never by waiting.
  env = await startConformance({ accessTokenTtlSeconds: 120 });
});
afterEach(() => env.sandbox.admin.setClockOffsetSeconds(0));
afterAll(async () => {
  env.leaks.assertNoSecretLeaked();
  await env.close();
});

describe('consent flow through the HTML consent screen', () => {
  /** A browser: loads the consent page, submits its form with `decision`, follows the redirect. */
  function browser(decision: 'approve' | 'deny') {
    return (url: string) => {
      void (async () => {
        const page = await (await fetch(url)).text();
        const field = (name: string) =>
          new RegExp(`name="${name}" value="([^"]*)"`).exec(page)?.[1] ?? '';
        const form = new URLSearchParams({
          client_id: field('client_id'),
          redirect_uri: field('redirect_uri').replaceAll('&amp;', '&'),
          state: field('state'),
          workspace_id: field('workspace_id'),
          decision,
        });
        const answer = await fetch(new URL('/oauth/authorize', url), {
          method: 'POST',
          body: form,
          redirect: 'manual',
        });
        const location = answer.headers.get('location');
        if (location) await (await fetch(location)).text();
      })();
    };
  }

  it('approves, exchanges the code and stores a working profile', async () => {
    const store = env.leaks.watch(
      createFileCredentialStore({ path: env.credentialsFile, env: {} }),
    );
    const result = await runConsentFlow({
      connection: {
        baseUrl: env.sandbox.url,
        clientId: SANDBOX_CLIENT_ID,
        clientSecret: SANDBOX_CLIENT_SECRET,
      },
      env: {},
      profile: 'via-consent-screen',
      credentialStore: store,
      printUrl: browser('approve'),
      timeoutMs: 10_000,
    });
    expect(result).toMatchObject({
      profile: 'via-consent-screen',
      workspaceId: SANDBOX_WORKSPACE_ID,
    });
    expect(result.workspaceName).toBe('Sandbox Trading Co');
    const client = env.client({ profile: 'via-consent-screen' });
    expect((await collect(client.accounts.list({ type: 'Liabilities' }))).length).toBeGreaterThan(
      0,
    );
  });

  it('reports Deny as a denied consent', async () => {
    const error = await env.failure(
      runConsentFlow({
        connection: {
          baseUrl: env.sandbox.url,
          clientId: SANDBOX_CLIENT_ID,
          clientSecret: SANDBOX_CLIENT_SECRET,
        },
        env: {},
        profile: 'denied',
        credentialsPath: env.credentialsFile,
        printUrl: browser('deny'),
        timeoutMs: 10_000,
      }),
    );
    expect(error).toBeInstanceOf(ConsentFlowError);
    expect((error as ConsentFlowError).failure).toBe('denied');
  });
});

describe('token lifecycle', () => {
  it('refreshes before expiry in the middle of a sequence and persists the rotated pair', async () => {
    const clock = new TestClock();
    const client = env.client({ clock: clock.now });
    const before = await env.store.getProfile('default');
    await client.customers.create({ customer: 'Before expiry Ltd' });

    // Past the expiry on both clocks: the access token has expired on the server too.
    const left = await secondsUntilExpiry();
    clock.advanceSeconds(left + 1);
    env.sandbox.admin.setClockOffsetSeconds(left + 1);
    const mark = env.requestLogMark();
    const after = await client.customers.create({ customer: 'After expiry Ltd' });
    expect(after.data.customer).toBe('After expiry Ltd');
    expect(env.requestsTo(REFRESH_PATH, mark)).toBe(1);
    // Refreshed ahead of time: no request went out with the expired token.
    expect(
      env.sandbox.admin
        .requestLog()
        .slice(mark)
        .filter((entry) => entry.status === 401),
    ).toHaveLength(0);

    const stored = await env.store.getProfile('default');
    expect(stored?.tokens?.accessToken).not.toBe(before?.tokens?.accessToken);
    expect(stored?.tokens?.refreshToken).not.toBe(before?.tokens?.refreshToken);
    expect(Date.parse(stored?.tokens?.accessTokenExpiresAt ?? '')).toBeGreaterThan(clock.nowMs);
  });

  it('refreshes once on a 401 when the server expired the token before our clock did', async () => {
    await reconnect(); // a fresh pair: 120 s left
    // The sandbox is 10 s past the expiry (130 s ahead, within the signature tolerance); our
    // clock is the real one, so the client still believes the token has 120 s left.
    env.sandbox.admin.setClockOffsetSeconds(130);
    const client = env.client();
    const mark = env.requestLogMark();
    await client.customers.listPage();
    const log = env.sandbox.admin.requestLog().slice(mark);
    expect(log.map((entry) => `${entry.path} ${entry.status}`)).toEqual([
      '/partners/customers 401',
      `${REFRESH_PATH} 200`,
      '/partners/customers 200',
    ]);
  });

  it('shares one refresh among concurrent calls whose token expired', async () => {
    const clock = new TestClock();
    const client = env.client({ clock: clock.now });
    await client.customers.listPage();
    const left = await secondsUntilExpiry();
    clock.advanceSeconds(left + 1);
    env.sandbox.admin.setClockOffsetSeconds(left + 1);
    const mark = env.requestLogMark();
    await Promise.all(Array.from({ length: 10 }, () => client.customers.listPage()));
    expect(env.requestsTo(REFRESH_PATH, mark)).toBe(1);
    expect(env.requestsTo('/partners/customers', mark)).toBe(10);
  });

  it('rotates safely across two processes sharing the credential file', async () => {
    const clock = new TestClock();
    const first = env.client({ clock: clock.now });
    const second = env.client({ clock: clock.now });
    await Promise.all([first.customers.listPage(), second.customers.listPage()]);
    const left = await secondsUntilExpiry();
    clock.advanceSeconds(left + 1);
    env.sandbox.admin.setClockOffsetSeconds(left + 1);
    const mark = env.requestLogMark();
    await Promise.all([
      first.customers.listPage(),
      second.customers.listPage(),
      first.vendors.listPage(),
      second.vendors.listPage(),
    ]);
    // The sandbox spends a refresh token at once (A6): a second refresh would have got 401.
    expect(env.requestsTo(REFRESH_PATH, mark)).toBe(1);
    expect(
      env.sandbox.admin
        .requestLog()
        .slice(mark)
        .every((entry) => entry.status < 400),
    ).toBe(true);
  });

  it('turns revocation into a credential problem after one refresh attempt', async () => {
    const client = env.client();
    await client.customers.listPage();
    env.sandbox.admin.revokeTokens({
      clientId: SANDBOX_CLIENT_ID,
      workspaceId: SANDBOX_WORKSPACE_ID,
    });
    const mark = env.requestLogMark();
    const error = await env.failure(client.customers.listPage());
    expect(error).toMatchObject({ kind: 'credential' });
    expect((error as PartnerApiError).problem).toBe('refresh_rejected');
    expect(env.requestsTo(REFRESH_PATH, mark)).toBe(1);
    await reconnect();
  });
});

describe('clock skew', () => {
  it('works within 300 s of skew either way', async () => {
    const client = env.client();
    for (const offset of [-290, 290]) {
      env.sandbox.admin.setClockOffsetSeconds(offset);
      await client.customers.listPage();
    }
  });

  it('fails as a credential problem beyond the tolerance, and recovers once clocks agree', async () => {
    const client = env.client();
    await client.customers.listPage();
    env.sandbox.admin.setClockOffsetSeconds(400);
    const error = await env.failure(client.customers.listPage());
    expect(error).toMatchObject({ kind: 'credential' });
    expect(error.message).toContain('outside the allowed clock skew');
    env.sandbox.admin.setClockOffsetSeconds(0);
    // The refresh attempt was refused on its signature, so the refresh token was not spent.
    await client.customers.listPage();
  });

  it('works when our clock is far off but injected to agree with the sandbox', async () => {
    env.sandbox.admin.setClockOffsetSeconds(-5_000);
    const client = env.client({ clock: () => Date.now() - 5_000_000 });
    await client.customers.listPage();
  });
});

/** Seconds (real time) until the stored access token expires. */
async function secondsUntilExpiry(): Promise<number> {
  const profile = await env.store.getProfile('default');
  return Math.ceil((Date.parse(profile?.tokens?.accessTokenExpiresAt ?? '') - Date.now()) / 1000);
}

/** Connects the default profile again after a test revoked its tokens. */
async function reconnect(): Promise<void> {
  await runConsentFlow({
    connection: {
      baseUrl: env.sandbox.url,
      clientId: SANDBOX_CLIENT_ID,
      clientSecret: SANDBOX_CLIENT_SECRET,
    },
    env: {},
    credentialStore: env.store,
    printUrl: (url) => {
      const redirectUri = new URL(url).searchParams.get('redirect_uri') ?? '';
      const code = env.sandbox.admin.issueAuthorizationCode({
        clientId: SANDBOX_CLIENT_ID,
        workspaceId: SANDBOX_WORKSPACE_ID,
        redirectUri,
      });
      const callback = new URL(redirectUri);
      callback.searchParams.set('code', code);
      callback.searchParams.set('state', new URL(url).searchParams.get('state') ?? '');
      void fetch(callback).then((response) => response.text());
    },
  });
}
