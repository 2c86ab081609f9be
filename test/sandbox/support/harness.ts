/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access -- contract tests assert on untyped JSON response bodies */
import {
  defaultSandboxConfig,
  startSandbox,
  type RunningSandbox,
  type SandboxConfig,
} from '../../../sandbox/index.js';
import { SandboxTestClient } from './client.js';

export const WORKSPACE_ID = '3f9a6c1e-8b2d-4e57-a1c4-5d6e7f809a1b';
export const OTHER_WORKSPACE_ID = '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f';

/** The default config plus a second workspace and a second app without manage_settings. */
export function testConfig(change: (config: SandboxConfig) => void = () => {}): SandboxConfig {
  const config = defaultSandboxConfig();
  config.workspaces.push({
    id: OTHER_WORKSPACE_ID,
    name: 'Other Books Ltd',
    currency: 'USD',
    country: 'US',
  });
  config.apps.push({
    clientId: 'reader-app',
    clientSecret: 'reader-secret',
    name: 'Reader App',
    redirectUris: ['https://reader.example/callback'],
  });
  config.allowLoopbackWebhooks = true;
  config.limits.requestsPerWindow = null;
  change(config);
  return config;
}

export interface TestSandbox {
  sandbox: RunningSandbox;
  /** Signed and authorized for the default workspace as the default app. */
  api: SandboxTestClient;
  close(): Promise<void>;
}

/** A signed client for an app, not yet authorized. */
export function clientFor(
  sandbox: RunningSandbox,
  clientId = 'ledgerlift-sandbox',
): SandboxTestClient {
  const app = sandbox.config.apps.find((candidate) => candidate.clientId === clientId)!;
  return new SandboxTestClient(sandbox.url, app.clientId, app.clientSecret);
}

/** Runs the code grant (admin-issued code, real token exchange) and stores the access token. */
export async function authorize(
  sandbox: RunningSandbox,
  client: SandboxTestClient,
  workspaceId = WORKSPACE_ID,
): Promise<{ accessToken: string; refreshToken: string }> {
  const app = sandbox.config.apps.find((candidate) => candidate.clientId === client.clientId)!;
  const code = sandbox.admin.issueAuthorizationCode({
    clientId: client.clientId,
    workspaceId,
    redirectUri: app.redirectUris[0]!,
  });
  const data = await client.expect(
    200,
    'POST',
    '/grant-access-token',
    { code, grantType: 'authorization_code' },
    { token: null },
  );
  client.token = data.accessToken as string;
  return { accessToken: data.accessToken as string, refreshToken: data.refreshToken as string };
}

export async function startTestSandbox(
  change?: (config: SandboxConfig) => void,
): Promise<TestSandbox> {
  const sandbox = await startSandbox({ port: 0, config: testConfig(change) });
  const api = clientFor(sandbox);
  await authorize(sandbox, api);
  return { sandbox, api, close: () => sandbox.close() };
}
