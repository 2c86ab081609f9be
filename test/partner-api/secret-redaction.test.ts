import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryCredentialStore } from '../../src/credentials/index.js';
import { SecretRegistry, type PartnerApiClient } from '../../src/partner-api/index.js';
import { ok, startFakeApi, type FakeApi } from './support/fake-api.js';
import {
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

/** More requests than the registry keeps recent secrets (signatures) for. */
const MANY_REQUESTS = 300;

describe('redaction of long-lived secrets', () => {
  it('still hides the client secret and refresh token after hundreds of requests, in every error field', async () => {
    let served = 0;
    const echoed = `${CLIENT_SECRET} ${REFRESH_TOKEN}`;
    // A hostile server: fine for a while, then it echoes the long-lived secrets everywhere.
    api = await startFakeApi(() => {
      served += 1;
      if (served <= MANY_REQUESTS) return ok({ customer: { id: 'c-1', customer: 'Acme' } });
      return {
        status: 400,
        json: {
          status: 'error',
          code: `bad_${echoed}`,
          message: `rejected ${echoed}`,
          errors: [{ field: `f ${echoed}`, reason: `r ${echoed}`, message: `m ${echoed}` }],
        },
      };
    });
    const clock = new TestClock();
    const { client: c, logs } = testClient(
      createMemoryCredentialStore({ default: connectedProfile(api.baseUrl, clock) }),
      clock,
    );
    client = c;
    for (let i = 0; i < MANY_REQUESTS; i += 1) await c.customers.get('c-1');
    const error = await rejectionOf(c.customers.get('c-1'));
    const exposed = [
      error.message,
      error.stack ?? '',
      JSON.stringify(error),
      ...logs.map((event) => JSON.stringify(event)),
    ].join('\n');
    expect(exposed).toContain('[redacted]');
    expect(exposed).not.toContain(CLIENT_SECRET);
    expect(exposed).not.toContain(REFRESH_TOKEN);
  });
});

describe('the secret registry', () => {
  it('keeps long-lived secrets however many per-request ones come after', () => {
    const registry = new SecretRegistry(4);
    registry.add(CLIENT_SECRET, { longLived: true });
    registry.add(REFRESH_TOKEN, { longLived: true });
    for (let i = 0; i < 1000; i += 1) registry.add(`signature-${String(i).padStart(6, '0')}`);
    expect(registry.redact(`${CLIENT_SECRET}/${REFRESH_TOKEN}/signature-000999`)).toBe(
      '[redacted]/[redacted]/[redacted]',
    );
    // Per-request secrets age out: the list stays bounded.
    expect(registry.redact('signature-000000')).toBe('signature-000000');
  });
});
