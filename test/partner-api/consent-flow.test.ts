import { promises as fs } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { PartnerApiError } from '../../src/partner-api/index.js';
import {
  ConsentFlowError,
  consentUrl,
  runConsentFlow,
  type ConsentFlowOptions,
} from '../../src/partner-api/index.js';
import { expectedSignature, startFakeApi, type FakeApi } from './support/fake-api.js';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  rejectionOf,
  tempCredentials,
} from './support/client-fixture.js';

let api: FakeApi | undefined;
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await api?.close();
  api = undefined;
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const GRANT = {
  accessToken: 'at-granted-0123456789',
  refreshToken: 'rt-granted-0123456789',
  accessTokenExpiresAt: '2026-03-01T13:00:00.000Z',
  refreshTokenExpiresAt: '2026-03-31T12:00:00.000Z',
  workspaceId: '3f9a6c1e-8b2d-4e57-a1c4-5d6e7f809a1b',
  workspaceName: 'Test Workspace',
};

async function setup(grantStatus = 200) {
  api = await startFakeApi((request) =>
    request.path === '/partners/grant-access-token'
      ? grantStatus === 200
        ? { status: 200, json: { status: 'success', data: GRANT } }
        : {
            status: grantStatus,
            json: {
              status: 'error',
              message: 'The authorization code is unknown or was already used.',
            },
          }
      : { status: 404, json: {} },
  );
  const files = await tempCredentials();
  cleanups.push(files.cleanup);
  return files;
}

/** Plays the browser: reads the consent URL and follows the redirect the server would send. */
function browserThatApproves(params: (url: URL) => Record<string, string>): (url: string) => void {
  return (printed) => {
    const url = new URL(printed);
    const redirect = new URL(url.searchParams.get('redirect_uri') ?? '');
    for (const [key, value] of Object.entries(params(url))) redirect.searchParams.set(key, value);
    void fetch(redirect).then((response) => response.text());
  };
}

function options(
  files: { store: ConsentFlowOptions['credentialStore'] },
  printUrl: (url: string) => void,
): ConsentFlowOptions {
  return {
    connection: { baseUrl: api!.baseUrl, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET },
    env: {},
    credentialStore: files.store,
    printUrl,
    timeoutMs: 5_000,
  };
}

describe('runConsentFlow', () => {
  it('prints the consent URL, catches the loopback redirect, exchanges the code and stores the profile', async () => {
    const files = await setup();
    const printed: string[] = [];
    const approve = browserThatApproves((url) => ({
      code: 'code-123456789',
      state: url.searchParams.get('state') ?? '',
    }));
    const result = await runConsentFlow(
      options(files, (url) => {
        printed.push(url);
        approve(url);
      }),
    );

    const url = new URL(printed[0] ?? '');
    expect(`${url.origin}${url.pathname}`).toBe(`${api!.baseUrl}/oauth/authorize`);
    expect(url.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(url.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(url.searchParams.get('state')?.length).toBeGreaterThanOrEqual(32);

    const grant = api!.requests[0]!;
    expect(grant.method).toBe('POST');
    expect(JSON.parse(grant.bodyText)).toEqual({
      code: 'code-123456789',
      grantType: 'authorization_code',
    });
    expect(grant.headers.authorization).toBeUndefined();
    expect(grant.headers['x-signature']).toBe(expectedSignature(grant, CLIENT_SECRET));

    expect(result).toEqual({
      profile: 'default',
      workspaceId: GRANT.workspaceId,
      workspaceName: GRANT.workspaceName,
      accessTokenExpiresAt: GRANT.accessTokenExpiresAt,
      refreshTokenExpiresAt: GRANT.refreshTokenExpiresAt,
      credentialsLocation: files.file,
    });
    const stored = await files.store.getProfile('default');
    expect(stored).toMatchObject({
      baseUrl: api!.baseUrl,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      workspaceId: GRANT.workspaceId,
      tokens: { accessToken: GRANT.accessToken, refreshToken: GRANT.refreshToken },
    });
    if (process.platform !== 'win32') expect((await fs.stat(files.file)).mode & 0o777).toBe(0o600);
  });

  it('rejects a redirect with a foreign state and never exchanges its code', async () => {
    const files = await setup();
    const error = await rejectionOf(
      runConsentFlow(
        options(
          files,
          browserThatApproves(() => ({ code: 'stolen-code-1234', state: 'forged' })),
        ),
      ),
    );
    expect(error).toBeInstanceOf(ConsentFlowError);
    expect((error as ConsentFlowError).failure).toBe('state_mismatch');
    expect(api!.requests).toHaveLength(0);
    expect(await files.store.getProfile('default')).toBeUndefined();
  });

  it('reports a denied consent', async () => {
    const files = await setup();
    const error = await rejectionOf(
      runConsentFlow(
        options(
          files,
          browserThatApproves((url) => ({
            error: 'access_denied',
            state: url.searchParams.get('state') ?? '',
          })),
        ),
      ),
    );
    expect((error as ConsentFlowError).failure).toBe('denied');
    expect(error.message).toContain('access_denied');
  });

  it('reports a rejected code as a credential problem', async () => {
    const files = await setup(400);
    const error = await rejectionOf(
      runConsentFlow(
        options(
          files,
          browserThatApproves((url) => ({
            code: 'used-code-12345',
            state: url.searchParams.get('state') ?? '',
          })),
        ),
      ),
    );
    expect(error).toMatchObject({ kind: 'credential' });
    expect((error as PartnerApiError).problem).toBe('grant_rejected');
    expect(error.message).toContain('already used');
  });

  it('gives up when nobody answers, and can be cancelled', async () => {
    const files = await setup();
    const timedOut = await rejectionOf(
      runConsentFlow({ ...options(files, () => undefined), timeoutMs: 50 }),
    );
    expect((timedOut as ConsentFlowError).failure).toBe('timeout');
    const controller = new AbortController();
    const cancelled = await rejectionOf(
      runConsentFlow({ ...options(files, () => controller.abort()), signal: controller.signal }),
    );
    expect((cancelled as ConsentFlowError).failure).toBe('aborted');
  });

  it('fills a configured authorize URL template', () => {
    expect(
      consentUrl(
        'https://login.example.test/consent?app={clientId}&cb={redirectUri}&s={state}&from={baseUrl}',
        { baseUrl: 'https://api.example.test', clientId: 'my app' },
        'http://127.0.0.1:4321/callback',
        'abc',
      ),
    ).toBe(
      'https://login.example.test/consent?app=my%20app&cb=http%3A%2F%2F127.0.0.1%3A4321%2Fcallback&s=abc&from=https://api.example.test',
    );
  });
});
