/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access -- contract tests assert on untyped JSON response bodies */
import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../sandbox/index.js';
import {
  authorize,
  clientFor,
  startTestSandbox,
  testConfig,
  type TestSandbox,
} from '../support/harness.js';
import { startReceiver } from '../support/webhook-receiver.js';

let t: TestSandbox;
let receivers: Array<{ close(): Promise<void> }> = [];
beforeAll(async () => {
  t = await startTestSandbox((config) => {
    config.limits.webhookBackoffMs = 25;
    config.limits.webhookTimeoutMs = 300;
  });
});
afterAll(() => t.close());
beforeEach(async () => {
  t.sandbox.admin.reset();
  await authorize(t.sandbox, t.api);
});
afterEach(async () => {
  await Promise.all(receivers.map((receiver) => receiver.close()));
  receivers = [];
});

async function receiver(respond?: (attempt: number) => number | 'hang') {
  const started = await startReceiver(respond);
  receivers.push(started);
  return started;
}

describe('webhook subscriptions', () => {
  it('creates a subscription (201, data.webhook) without echoing the secret', async () => {
    const response = await t.api.post('/webhooks', {
      event: 'customer.created',
      callbackUrl: 'https://hooks.example.com/in',
      signingSecret: 's3cret',
    });
    expect(response.status).toBe(201);
    expect(response.body.data.webhook).toMatchObject({
      event: 'customer.created',
      callbackUrl: 'https://hooks.example.com/in',
      status: 'active',
      hasSigningSecret: true,
    });
    expect(response.text).not.toContain('s3cret');
    expect(response.body.data.webhook.uuid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('rejects invalid callback URLs, unknown events, bad secrets and a second subscription for an event', async () => {
    const bad = [
      { event: 'customer.created', callbackUrl: 'http://hooks.example.com/in' },
      { event: 'customer.created', callbackUrl: 'https://10.0.0.5/in' },
      { event: 'customer.created', callbackUrl: 'https://192.168.1.1/in' },
      { event: 'customer.created', callbackUrl: 'not a url' },
      { event: 'customer.exploded', callbackUrl: 'https://hooks.example.com/in' },
      { event: 'customer.created', callbackUrl: 'https://hooks.example.com/in', signingSecret: '' },
      {
        event: 'customer.created',
        callbackUrl: 'https://hooks.example.com/in',
        signingSecret: 'x'.repeat(513),
      },
    ];
    for (const body of bad)
      expect((await t.api.post('/webhooks', body)).status, JSON.stringify(body)).toBe(400);
    await t.api.expect(201, 'POST', '/webhooks', {
      event: 'bill.created',
      callbackUrl: 'https://hooks.example.com/a',
      signingSecret: 'x'.repeat(512),
    });
    expect(
      (
        await t.api.post('/webhooks', {
          event: 'bill.created',
          callbackUrl: 'https://hooks.example.com/b',
        })
      ).status,
    ).toBe(400);
  });

  it('rejects loopback callbacks unless the sandbox allows them', async () => {
    const strict = await startSandbox({
      port: 0,
      config: testConfig((config) => (config.allowLoopbackWebhooks = false)),
    });
    try {
      const client = clientFor(strict);
      await authorize(strict, client);
      expect(
        (
          await client.post('/webhooks', {
            event: 'customer.created',
            callbackUrl: 'http://127.0.0.1:9/hooks',
          })
        ).status,
      ).toBe(400);
      expect(
        (
          await t.api.post('/webhooks', {
            event: 'customer.created',
            callbackUrl: 'http://127.0.0.1:9/hooks',
          })
        ).status,
      ).toBe(201);
    } finally {
      await strict.close();
    }
  });

  it('lists, pauses and deletes subscriptions', async () => {
    const created = (
      await t.api.expect(201, 'POST', '/webhooks', {
        event: 'vendor.created',
        callbackUrl: 'https://hooks.example.com/v',
      })
    ).webhook;
    expect((await t.api.expect(200, 'GET', '/webhooks')).webhooks).toHaveLength(1);
    expect(
      (await t.api.expect(200, 'PATCH', `/webhooks/${created.uuid}`, { status: 'paused' })).webhook
        .status,
    ).toBe('paused');
    await t.api.expect(200, 'DELETE', `/webhooks/${created.uuid}`);
    expect((await t.api.get(`/webhooks/${created.uuid}`)).status).toBe(404);
  });
});

describe('webhook deliveries', () => {
  it('delivers the envelope signed with HMAC-SHA256 of the raw body', async () => {
    const hook = await receiver();
    await t.api.expect(201, 'POST', '/webhooks', {
      event: 'customer.created',
      callbackUrl: hook.url,
      signingSecret: 'whsec',
    });
    const customer = (await t.api.expect(201, 'POST', '/customers', { customer: 'Hooked' }))
      .customer;
    await hook.waitFor(1);
    const delivery = hook.received[0]!;
    const envelope = JSON.parse(delivery.body) as {
      id: string;
      event: string;
      createdAt: string;
      data: { id: string; customer: string };
    };
    expect(envelope).toMatchObject({
      event: 'customer.created',
      data: { id: customer.id, customer: 'Hooked' },
    });
    expect(envelope.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(envelope.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const expected = `sha256=${createHmac('sha256', 'whsec').update(delivery.body).digest('hex')}`;
    expect(delivery.headers['x-webhook-signature']).toBe(expected);
    expect(delivery.headers['x-webhook-id']).toBe(envelope.id);
  });

  it('sends no signature header without a signing secret, and nothing for other events', async () => {
    const hook = await receiver();
    await t.api.expect(201, 'POST', '/webhooks', {
      event: 'customer.updated',
      callbackUrl: hook.url,
    });
    const customer = (await t.api.expect(201, 'POST', '/customers', { customer: 'Quiet' }))
      .customer;
    await t.api.expect(200, 'PATCH', `/customers/${customer.id}`, { mainPhone: '1' });
    await hook.waitFor(1);
    expect(hook.received).toHaveLength(1);
    expect(JSON.parse(hook.received[0]!.body)).toMatchObject({ event: 'customer.updated' });
    expect(hook.received[0]!.headers['x-webhook-signature']).toBeUndefined();
  });

  it('retries a failing receiver: 3 attempts in total with the same delivery id, then gives up', async () => {
    const hook = await receiver(() => 500);
    await t.api.expect(201, 'POST', '/webhooks', {
      event: 'vendor.created',
      callbackUrl: hook.url,
    });
    await t.api.expect(201, 'POST', '/vendors', { name: 'Flaky Vendor' });
    await hook.waitFor(3);
    const ids = hook.received.map((delivery) => delivery.headers['x-webhook-id']);
    expect(new Set(ids).size).toBe(1);
    expect(hook.received.map((delivery) => delivery.headers['x-webhook-attempt'])).toEqual([
      '1',
      '2',
      '3',
    ]);
    await expect.poll(() => t.sandbox.admin.webhookDeliveries()[0]?.outcome).toBe('failed');
    expect(hook.received).toHaveLength(3);
  });

  it('stops retrying once an attempt succeeds, and counts a timeout as a failure', async () => {
    const hook = await receiver((attempt) => (attempt === 1 ? 'hang' : 204));
    await t.api.expect(201, 'POST', '/webhooks', { event: 'bill.created', callbackUrl: hook.url });
    const vendor = (await t.api.expect(201, 'POST', '/vendors', { name: 'V' })).vendor;
    const rent = (
      await t.api.expect(201, 'POST', '/chart-of-accounts', { name: 'Rent', subTypeId: 19 })
    ).account;
    await t.api.expect(201, 'POST', '/bills', {
      vendorUuid: vendor.id,
      date: '2026-01-01',
      dueDate: '2026-01-31',
      lineItems: [{ price: 1, categoryAccountUuid: rent.id }],
    });
    await hook.waitFor(2);
    await expect.poll(() => t.sandbox.admin.webhookDeliveries()[0]?.outcome).toBe('delivered');
    const attempts = t.sandbox.admin.webhookDeliveries()[0]!.attempts;
    expect(attempts.map((attempt) => attempt.status)).toEqual([null, 204]);
  });

  it('delivers nothing to paused subscriptions', async () => {
    const paused = await receiver();
    const active = await receiver();
    await t.api.expect(201, 'POST', '/webhooks', {
      event: 'customer.created',
      callbackUrl: paused.url,
      status: 'paused',
    });
    await t.api.expect(201, 'POST', '/webhooks', {
      event: 'customer.deleted',
      callbackUrl: active.url,
    });
    const customer = (await t.api.expect(201, 'POST', '/customers', { customer: 'Nobody hears' }))
      .customer;
    await t.api.expect(200, 'DELETE', `/customers/${customer.id}`);
    await active.waitFor(1);
    expect(paused.received).toHaveLength(0);
    expect(t.sandbox.admin.webhookDeliveries().map((delivery) => delivery.event)).toEqual([
      'customer.deleted',
    ]);
  });
});
