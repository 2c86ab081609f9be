import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  createFileCredentialStore,
  type CredentialProfile,
  type CredentialStore,
} from '../../../src/credentials/index.js';
import {
  createPartnerApiClient,
  type PartnerApiClient,
  type PartnerApiClientOptions,
  type PartnerApiLogEvent,
} from '../../../src/partner-api/index.js';

export const CLIENT_ID = 'test-client';
export const CLIENT_SECRET = 'test-secret-4f1c9a7e2b';
export const ACCESS_TOKEN = 'at-initial-0123456789abcdef';
export const REFRESH_TOKEN = 'rt-initial-0123456789abcdef';

/**
 * A clock tests advance instead of sleeping. It starts at the real time so that servers which check
 * signature timestamps against their own clock agree with it until a test moves it.
 */
export class TestClock {
  constructor(public nowMs = Date.now()) {}
  readonly now = (): number => this.nowMs;
  advanceSeconds(seconds: number): void {
    this.nowMs += seconds * 1000;
  }
  iso(offsetSeconds = 0): string {
    return new Date(this.nowMs + offsetSeconds * 1000).toISOString();
  }
}

/** A temporary directory holding a credential file. */
export async function tempCredentials(): Promise<{
  dir: string;
  file: string;
  store: CredentialStore;
  cleanup: () => Promise<void>;
}> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-credentials-'));
  const file = path.join(dir, 'credentials.json');
  return {
    dir,
    file,
    store: createFileCredentialStore({ path: file, env: {} }),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

/** A connected profile for `baseUrl` whose access token expires `ttlSeconds` after `clock`. */
export function connectedProfile(
  baseUrl: string,
  clock: TestClock,
  overrides: Partial<CredentialProfile> = {},
  ttlSeconds = 3600,
): CredentialProfile {
  return {
    baseUrl,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    workspaceId: '3f9a6c1e-8b2d-4e57-a1c4-5d6e7f809a1b',
    workspaceName: 'Test Workspace',
    tokens: {
      accessToken: ACCESS_TOKEN,
      refreshToken: REFRESH_TOKEN,
      accessTokenExpiresAt: clock.iso(ttlSeconds),
      refreshTokenExpiresAt: clock.iso(30 * 24 * 3600),
    },
    ...overrides,
  };
}

/** A client over `store` with a test clock and a log capture. */
export function testClient(
  store: CredentialStore,
  clock: TestClock,
  options: Partial<PartnerApiClientOptions> = {},
): { client: PartnerApiClient; logs: PartnerApiLogEvent[] } {
  const logs: PartnerApiLogEvent[] = [];
  const client = createPartnerApiClient({
    credentialStore: store,
    env: {},
    clock: clock.now,
    timeoutMs: 5_000,
    logger: (event) => logs.push(event),
    ...options,
  });
  return { client, logs };
}

/** Resolves to the rejection of `promise` (fails the test if it resolves). */
export async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the promise to reject');
}
