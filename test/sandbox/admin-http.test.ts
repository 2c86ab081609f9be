/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access -- contract tests assert on untyped JSON response bodies */
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorize,
  clientFor,
  startTestSandbox,
  WORKSPACE_ID,
  type TestSandbox,
} from './support/harness.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

async function admin(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) {
  const response = await request(`${t.sandbox.url}/__sandbox${path}`, {
    method,
    // The admin routes take JSON only for anything but GET (a web page cannot send it unasked).
    headers: method === 'GET' ? {} : { 'content-type': 'application/json' },
    body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
  });
  return {
    status: response.statusCode,
    body: (await response.body.json()) as { data: Record<string, unknown> },
  };
}

describe('HTTP admin routes (loopback, unsigned)', () => {
  it('issues an authorization code the token exchange accepts, and revokes tokens', async () => {
    const issued = await admin('POST', '/authorize-code', {
      clientId: 'ledgerlift-sandbox',
      workspaceId: WORKSPACE_ID,
      redirectUri: 'http://127.0.0.1/callback',
    });
    expect(issued.status).toBe(200);
    const client = clientFor(t.sandbox);
    const data = await client.expect(200, 'POST', '/grant-access-token', {
      code: issued.body.data.code,
      grantType: 'authorization_code',
    });
    client.token = data.accessToken as string;
    expect((await client.get('/customers')).status).toBe(200);
    expect(
      (
        await admin('POST', '/tokens/revoke', {
          clientId: 'ledgerlift-sandbox',
          workspaceId: WORKSPACE_ID,
        })
      ).status,
    ).toBe(200);
    expect((await client.get('/customers')).status).toBe(401);
    expect(
      (
        await admin('POST', '/authorize-code', {
          clientId: 'nobody',
          workspaceId: WORKSPACE_ID,
          redirectUri: 'x',
        })
      ).status,
    ).toBe(400);
  });

  it('reports counts and the request log, shifts the clock, completes onboarding and resets', async () => {
    const client = clientFor(t.sandbox);
    await authorize(t.sandbox, client);
    await client.expect(201, 'POST', '/customers', { customer: 'Counted' });
    const state = await admin('GET', `/state?workspaceId=${WORKSPACE_ID}`);
    expect(state.body.data.counts).toMatchObject({ customers: 1, accounts: 7 });
    const log = (await admin('GET', '/requests')).body.data.requests as Array<{
      method: string;
      path: string;
      status: number;
    }>;
    expect(log.at(-1)).toMatchObject({ method: 'POST', path: '/partners/customers', status: 201 });
    expect((await admin('POST', '/clock', { offsetSeconds: 400 })).status).toBe(200);
    expect((await client.get('/customers')).status).toBe(401);
    expect((await admin('POST', '/clock', { offsetSeconds: 0 })).status).toBe(200);
    expect((await admin('POST', `/workspaces/${WORKSPACE_ID}/complete-onboarding`)).status).toBe(
      200,
    );
    await client.expect(200, 'PATCH', '/workspace', { cutoverDate: '2025-12-31' });
    expect((await client.get('/workspace')).body.data.workspace.onboardingComplete).toBe(true);
    expect((await admin('POST', '/reset')).status).toBe(200);
    expect((await admin('GET', '/state')).body.data.counts).toMatchObject({ customers: 0 });
    expect((await client.get('/customers')).status).toBe(401);
  });
});
