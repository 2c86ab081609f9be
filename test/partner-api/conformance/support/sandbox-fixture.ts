import diagnostics from 'node:diagnostics_channel';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import {
  defaultSandboxConfig,
  startSandbox,
  type RunningSandbox,
  type SandboxLimits,
} from '../../../../sandbox/index.js';
import {
  createFileCredentialStore,
  type CredentialProfile,
  type CredentialStore,
  type LockedCredentialStore,
} from '../../../../src/credentials/index.js';
import {
  createPartnerApiClient,
  runConsentFlow,
  type PartnerApiClient,
  type PartnerApiClientOptions,
  type PartnerApiLogEvent,
} from '../../../../src/partner-api/index.js';

/** The sandbox's default app and workspace (sandbox/sandbox-config.ts). */
export const SANDBOX_CLIENT_ID = 'ledgerlift-sandbox';
export const SANDBOX_CLIENT_SECRET = 'sandbox-secret-not-for-production';
export const SANDBOX_WORKSPACE_ID = '3f9a6c1e-8b2d-4e57-a1c4-5d6e7f809a1b';

/**
 * Everything that could leak during a conformance file: every log event, every error a client
 * call threw, and every secret that existed (client secret, each token pair ever stored, each
 * signature sent). `assertNoSecretLeaked` checks the first two against the third.
 */
class LeakCapture {
  readonly events: PartnerApiLogEvent[] = [];
  readonly errors: unknown[] = [];
  readonly secrets = new Set<string>([SANDBOX_CLIENT_SECRET]);
  private readonly onHeaders = (message: unknown) => {
    const headers = (message as { headers?: unknown }).headers;
    const text = typeof headers === 'string' ? headers : '';
    for (const match of text.matchAll(/x-signature: ([0-9a-f]{64})/gi)) this.secrets.add(match[1]!);
  };

  constructor() {
    // Signatures are read off the wire, without touching the client's transport.
    diagnostics.subscribe('undici:client:sendHeaders', this.onHeaders);
  }

  stop(): void {
    diagnostics.unsubscribe('undici:client:sendHeaders', this.onHeaders);
  }

  /** Records the tokens of a profile as secrets. */
  noteProfile(profile: CredentialProfile | undefined): void {
    if (profile?.tokens) {
      this.secrets.add(profile.tokens.accessToken);
      this.secrets.add(profile.tokens.refreshToken);
    }
  }

  /** Wraps a store so that every token pair written to it is recorded. */
  watch(store: CredentialStore): CredentialStore {
    const watchLocked = (locked: LockedCredentialStore): LockedCredentialStore => ({
      read: (name) => locked.read(name),
      write: async (name, profile) => {
        this.noteProfile(profile);
        await locked.write(name, profile);
      },
    });
    return {
      location: store.location,
      getProfile: (name) => store.getProfile(name),
      listProfiles: () => store.listProfiles(),
      deleteProfile: (name) => store.deleteProfile(name),
      putProfile: async (name, profile) => {
        this.noteProfile(profile);
        await store.putProfile(name, profile);
      },
      withLock: (work, options) => store.withLock((locked) => work(watchLocked(locked)), options),
    };
  }

  /** Asserts no secret appears in any log event or in any error's message, stack or JSON. */
  assertNoSecretLeaked(): void {
    const exposed = [
      ...this.events.map((event) => JSON.stringify(event)),
      ...this.errors.flatMap((error) => {
        const asError = error as Error;
        return [
          String(asError.message),
          String(asError.stack),
          JSON.stringify(error),
          String((asError.cause as Error | undefined)?.message ?? ''),
        ];
      }),
    ].join('\n');
    // The capture itself must have worked: tokens and signatures were seen.
    const secrets = [...this.secrets];
    expect(secrets.filter((secret) => /^[0-9a-f]{64}$/.test(secret)).length).toBeGreaterThan(0);
    expect(secrets.length).toBeGreaterThan(3);
    for (const secret of this.secrets) {
      if (exposed.includes(secret)) {
        throw new Error(`a secret leaked (${secret.slice(0, 4)}…) into a log event or error`);
      }
    }
  }
}

/** A running sandbox, a credential file connected to it, and clients over that file. */
export interface Conformance {
  sandbox: RunningSandbox;
  store: CredentialStore;
  credentialsFile: string;
  leaks: LeakCapture;
  /** A new client (its own pool and token state) over the shared credential file. */
  client(options?: Partial<PartnerApiClientOptions>): PartnerApiClient;
  /** The calls' rejection, recorded for the leak check. */
  failure(promise: Promise<unknown>): Promise<Error>;
  /** Sandbox requests to `path` since the last `requestLogMark`. */
  requestsTo(path: string, since?: number): number;
  requestLogMark(): number;
  close(): Promise<void>;
}

/** Starts a sandbox with `limits` and connects the default profile through the consent flow. */
export async function startConformance(limits: Partial<SandboxLimits> = {}): Promise<Conformance> {
  const config = defaultSandboxConfig();
  config.limits = { ...config.limits, requestsPerWindow: null, ...limits };
  const sandbox = await startSandbox({ port: 0, config });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ledgerlift-conformance-'));
  const credentialsFile = path.join(dir, 'credentials.json');
  const leaks = new LeakCapture();
  const store = leaks.watch(createFileCredentialStore({ path: credentialsFile, env: {} }));
  const clients: PartnerApiClient[] = [];

  await connect(sandbox, store, leaks);

  return {
    sandbox,
    store,
    credentialsFile,
    leaks,
    client(options = {}) {
      const client = createPartnerApiClient({
        credentialStore: leaks.watch(createFileCredentialStore({ path: credentialsFile, env: {} })),
        env: {},
        timeoutMs: 10_000,
        logger: (event) => leaks.events.push(event),
        ...options,
      });
      clients.push(client);
      return client;
    },
    async failure(promise) {
      try {
        await promise;
      } catch (error) {
        leaks.errors.push(error);
        return error as Error;
      }
      throw new Error('expected the call to fail');
    },
    requestLogMark: () => sandbox.admin.requestLog().length,
    requestsTo: (requestPath, since = 0) =>
      sandbox.admin
        .requestLog()
        .slice(since)
        .filter((entry) => entry.path === requestPath).length,
    async close() {
      for (const client of clients) await client.close();
      leaks.stop();
      await sandbox.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Runs `ledgerlift connect`'s flow, with the admin issuing the code a browser would get. */
async function connect(
  sandbox: RunningSandbox,
  store: CredentialStore,
  leaks: LeakCapture,
): Promise<void> {
  await runConsentFlow({
    connection: {
      baseUrl: sandbox.url,
      clientId: SANDBOX_CLIENT_ID,
      clientSecret: SANDBOX_CLIENT_SECRET,
    },
    env: {},
    credentialStore: store,
    logger: (event) => leaks.events.push(event),
    printUrl: (url) => {
      const redirectUri = new URL(url).searchParams.get('redirect_uri') ?? '';
      const state = new URL(url).searchParams.get('state') ?? '';
      const code = sandbox.admin.issueAuthorizationCode({
        clientId: SANDBOX_CLIENT_ID,
        workspaceId: SANDBOX_WORKSPACE_ID,
        redirectUri,
      });
      const callback = new URL(redirectUri);
      callback.searchParams.set('code', code);
      callback.searchParams.set('state', state);
      void fetch(callback).then((response) => response.text());
    },
  });
}
