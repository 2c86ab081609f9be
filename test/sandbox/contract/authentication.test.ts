/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access -- contract tests assert on untyped JSON response bodies */
import { request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  authorize,
  clientFor,
  startTestSandbox,
  WORKSPACE_ID,
  type TestSandbox,
} from '../support/harness.js';
import { SIGNING_VECTOR, SIGNING_VECTOR_GET, signatureFor } from '../support/signing.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());
beforeEach(() => t.sandbox.admin.setClockOffsetSeconds(0));

describe('signing test vector', () => {
  it('produces the fixed base string and signature for a POST', () => {
    const { baseString, signature } = signatureFor(SIGNING_VECTOR);
    expect(baseString).toBe(SIGNING_VECTOR.baseString);
    expect(baseString.endsWith(SIGNING_VECTOR.bodyHash)).toBe(true);
    expect(signature).toBe(SIGNING_VECTOR.signature);
  });

  it('signs an empty body hash for a GET', () => {
    const { baseString, signature } = signatureFor(SIGNING_VECTOR_GET);
    expect(baseString).toBe(SIGNING_VECTOR_GET.baseString);
    expect(signature).toBe(SIGNING_VECTOR_GET.signature);
  });

  it('is accepted by the sandbox at the vector timestamp', async () => {
    // Move the sandbox clock to the vector's timestamp so the fixed signature is current.
    t.sandbox.admin.setClockOffsetSeconds(Number(SIGNING_VECTOR.timestamp) - Date.now() / 1000);
    const response = await t.api.post('/customers', SIGNING_VECTOR.body, {
      timestamp: Number(SIGNING_VECTOR.timestamp),
      signature: SIGNING_VECTOR.signature,
    });
    expect(response.status, response.text).toBe(201);
  });
});

describe('layer 1: request signature', () => {
  it('accepts a correctly signed request', async () => {
    expect((await t.api.get('/customers')).status).toBe(200);
  });

  it('rejects a request without signature headers with 401', async () => {
    const response = await t.api.get('/customers', { unsigned: true });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ status: 'error', code: 'unauthorized' });
  });

  it('rejects a signature made with another secret', async () => {
    expect((await t.api.get('/customers', { secret: 'not-the-secret' })).status).toBe(401);
  });

  it('rejects an unknown client id', async () => {
    const stranger = clientFor(t.sandbox);
    const response = await stranger.get('/customers', {
      headers: { 'x-client-id': 'nobody' },
      token: t.api.token,
    });
    expect(response.status).toBe(401);
  });

  it('rejects a signature over the path with the /partners prefix', async () => {
    expect((await t.api.get('/customers', { signPath: '/partners/customers' })).status).toBe(401);
  });

  it('does not sign the query string (assumption T3)', async () => {
    expect((await t.api.get('/customers?page=1&limit=5')).status).toBe(200);
    expect((await t.api.get('/customers?page=1', { signPath: '/customers?page=1' })).status).toBe(
      401,
    );
  });

  it('rejects an uppercase hex signature', async () => {
    const timestamp = Math.floor(Date.now() / 1000);
    const { signature } = signatureFor({
      secret: t.api.clientSecret,
      method: 'GET',
      path: '/customers',
      timestamp: String(timestamp),
    });
    expect(
      (await t.api.get('/customers', { timestamp, signature: signature.toUpperCase() })).status,
    ).toBe(401);
  });

  it('binds the exact body text: a body changed after signing is a 401', async () => {
    const timestamp = Math.floor(Date.now() / 1000);
    const signed = signatureFor({
      secret: t.api.clientSecret,
      method: 'POST',
      path: '/customers',
      timestamp: String(timestamp),
      body: '{"customer":"A"}',
    });
    const response = await t.api.post('/customers', '{"customer":"B"}', {
      timestamp,
      signature: signed.signature,
    });
    expect(response.status).toBe(401);
  });

  it('allows 300 seconds of clock skew either way, and no more', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect((await t.api.get('/customers', { timestamp: now - 290 })).status).toBe(200);
    expect((await t.api.get('/customers', { timestamp: now + 290 })).status).toBe(200);
    expect((await t.api.get('/customers', { timestamp: now - 320 })).status).toBe(401);
    expect((await t.api.get('/customers', { timestamp: now + 320 })).status).toBe(401);
  });

  it('judges skew against the sandbox clock', async () => {
    t.sandbox.admin.setClockOffsetSeconds(1000);
    expect((await t.api.get('/customers')).status).toBe(401);
    t.api.clockOffsetSeconds = 1000;
    try {
      expect((await t.api.get('/customers')).status).toBe(200);
    } finally {
      t.api.clockOffsetSeconds = 0;
    }
  });

  it('accepts report routes with no body or with {} and nothing else', async () => {
    expect((await t.api.post('/reports/trial-balance?endDate=2026-12-31')).status).toBe(200);
    expect((await t.api.post('/reports/trial-balance?endDate=2026-12-31', '{}')).status).toBe(200);
    expect(
      (await t.api.post('/reports/trial-balance?endDate=2026-12-31', '{"endDate":"2026-12-31"}'))
        .status,
    ).toBe(400);
  });
});

describe('layer 2: consent, grant, refresh', () => {
  const consentUrl = (redirectUri: string, state = 'xyz') =>
    `${t.sandbox.url}/oauth/authorize?client_id=ledgerlift-sandbox&redirect_uri=${encodeURIComponent(redirectUri)}&state=${state}`;

  it('shows a consent page naming the app and the workspace with Approve and Deny', async () => {
    const response = await request(consentUrl('http://127.0.0.1:53123/callback'));
    const html = await response.body.text();
    expect(response.statusCode).toBe(200);
    expect(html).toContain('Ledgerlift (sandbox)');
    expect(html).toContain('Sandbox Trading Co');
    expect(html).toContain('value="approve"');
    expect(html).toContain('value="deny"');
    expect(html).toContain('action="/oauth/authorize"');
  });

  it('refuses an unregistered redirect URI without redirecting', async () => {
    const response = await request(consentUrl('https://evil.example/callback'));
    expect(response.statusCode).toBe(400);
    expect(response.headers.location).toBeUndefined();
    await response.body.dump();
  });

  async function decide(decision: 'approve' | 'deny', redirectUri: string) {
    const form = new URLSearchParams({
      client_id: 'ledgerlift-sandbox',
      redirect_uri: redirectUri,
      state: 's-1',
      workspace_id: WORKSPACE_ID,
      decision,
    });
    const response = await request(`${t.sandbox.url}/oauth/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    await response.body.dump();
    return response;
  }

  it('approve redirects (302) to the loopback redirect URI on any port with a code and the state', async () => {
    const response = await decide('approve', 'http://127.0.0.1:49152/callback');
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe('http://127.0.0.1:49152/callback');
    expect(location.searchParams.get('state')).toBe('s-1');
    const code = location.searchParams.get('code')!;
    const client = clientFor(t.sandbox);
    const data = await client.expect(200, 'POST', '/grant-access-token', {
      code,
      grantType: 'authorization_code',
    });
    expect(data).toMatchObject({ workspaceId: WORKSPACE_ID, workspaceName: 'Sandbox Trading Co' });
    expect(Date.parse(data.accessTokenExpiresAt as string) - Date.now()).toBeGreaterThan(3500_000);
    expect(Date.parse(data.refreshTokenExpiresAt as string) - Date.now()).toBeGreaterThan(
      29 * 86400_000,
    );
  });

  it('deny redirects with error=access_denied and no code', async () => {
    const response = await decide('deny', 'http://127.0.0.1/callback');
    const location = new URL(String(response.headers.location));
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('redeems a code once only', async () => {
    const code = t.sandbox.admin.issueAuthorizationCode({
      clientId: 'ledgerlift-sandbox',
      workspaceId: WORKSPACE_ID,
      redirectUri: 'http://127.0.0.1/callback',
    });
    const client = clientFor(t.sandbox);
    expect(
      (await client.post('/grant-access-token', { code, grantType: 'authorization_code' })).status,
    ).toBe(200);
    expect(
      (await client.post('/grant-access-token', { code, grantType: 'authorization_code' })).status,
    ).toBe(400);
  });

  it('rejects an expired code and a code issued to another client', async () => {
    const client = clientFor(t.sandbox);
    const code = t.sandbox.admin.issueAuthorizationCode({
      clientId: 'ledgerlift-sandbox',
      workspaceId: WORKSPACE_ID,
      redirectUri: 'http://127.0.0.1/callback',
    });
    t.sandbox.admin.setClockOffsetSeconds(61);
    client.clockOffsetSeconds = 61;
    expect(
      (await client.post('/grant-access-token', { code, grantType: 'authorization_code' })).status,
    ).toBe(400);
    client.clockOffsetSeconds = 0;
    t.sandbox.admin.setClockOffsetSeconds(0);
    const foreign = t.sandbox.admin.issueAuthorizationCode({
      clientId: 'reader-app',
      workspaceId: WORKSPACE_ID,
      redirectUri: 'https://reader.example/callback',
    });
    expect(
      (await client.post('/grant-access-token', { code: foreign, grantType: 'authorization_code' }))
        .status,
    ).toBe(400);
  });

  it('rejects a grant without grantType authorization_code', async () => {
    const code = t.sandbox.admin.issueAuthorizationCode({
      clientId: 'ledgerlift-sandbox',
      workspaceId: WORKSPACE_ID,
      redirectUri: 'http://127.0.0.1/callback',
    });
    expect(
      (await clientFor(t.sandbox).post('/grant-access-token', { code, grantType: 'password' }))
        .status,
    ).toBe(400);
  });

  it('needs a signature on the token exchange routes too', async () => {
    const response = await clientFor(t.sandbox).post(
      '/grant-access-token',
      { code: 'x', grantType: 'authorization_code' },
      { unsigned: true },
    );
    expect(response.status).toBe(401);
  });

  it('expires access tokens: a data call after the TTL is a 401', async () => {
    const client = clientFor(t.sandbox);
    await authorize(t.sandbox, client);
    t.sandbox.admin.setClockOffsetSeconds(3601);
    client.clockOffsetSeconds = 3601;
    expect((await client.get('/customers')).status).toBe(401);
  });

  it('rotates refresh tokens: new pair, old refresh spent, old access token still valid', async () => {
    const client = clientFor(t.sandbox);
    const first = await authorize(t.sandbox, client);
    const data = await client.expect(
      200,
      'POST',
      '/refresh-user-access-token',
      { refreshToken: first.refreshToken },
      { token: null },
    );
    expect(data.accessToken).not.toBe(first.accessToken);
    expect(data.refreshToken).not.toBe(first.refreshToken);
    expect(data.workspaceId).toBe(WORKSPACE_ID);
    expect(
      (
        await client.post(
          '/refresh-user-access-token',
          { refreshToken: first.refreshToken },
          { token: null },
        )
      ).status,
    ).toBe(401);
    expect((await client.get('/customers', { token: first.accessToken })).status).toBe(200);
    expect((await client.get('/customers', { token: data.accessToken as string })).status).toBe(
      200,
    );
  });

  it('revocation makes data calls and refresh fail with 401', async () => {
    const client = clientFor(t.sandbox, 'reader-app');
    const pair = await authorize(t.sandbox, client);
    t.sandbox.admin.revokeTokens({ clientId: 'reader-app', workspaceId: WORKSPACE_ID });
    expect((await client.get('/customers')).status).toBe(401);
    expect(
      (
        await client.post(
          '/refresh-user-access-token',
          { refreshToken: pair.refreshToken },
          { token: null },
        )
      ).status,
    ).toBe(401);
  });

  it('rejects a missing or unknown Bearer token with 401', async () => {
    expect((await t.api.get('/customers', { token: null })).status).toBe(401);
    expect((await t.api.get('/customers', { token: 'at_forged' })).status).toBe(401);
  });

  it('answers 403 when the token belongs to another application', async () => {
    const other = clientFor(t.sandbox, 'reader-app');
    const response = await other.get('/customers', { token: t.api.token });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('forbidden');
  });

  it('answers 403 when the app lacks the permission (manage_settings on GST settings)', async () => {
    const reader = clientFor(t.sandbox, 'reader-app');
    await authorize(t.sandbox, reader);
    expect((await reader.get('/workspace/gst-settings')).status).toBe(200);
    expect((await reader.patch('/workspace/gst-settings', { registered: true })).status).toBe(403);
    expect((await t.api.patch('/workspace/gst-settings', { registered: true })).status).toBe(200);
  });
});
