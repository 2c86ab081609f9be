import { isIP } from 'node:net';
import { newUuid } from '../ids.js';
import { businessRule } from '../http/api-error.js';
import { BodyReader } from '../http/body-reader.js';
import type { DataRoute, RequestContext } from '../http/route.js';
import type { WebhookEvent, WebhookRecord } from '../state/records.js';
import { findOr404, newestFirstListRoute } from './shared.js';
import { isUuid } from '../ids.js';
import { notFound } from '../http/api-error.js';

const WEBHOOK_EVENTS: readonly WebhookEvent[] = (
  ['customer', 'vendor', 'transaction', 'invoice', 'bill'] as const
).flatMap((resource) =>
  (['created', 'updated', 'deleted'] as const).map(
    (action) => `${resource}.${action}` as WebhookEvent,
  ),
);

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

function isPrivateAddress(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  if (isIP(bare) === 4) {
    const [a, b] = bare.split('.').map(Number) as [number, number];
    return (
      a === 10 ||
      a === 127 ||
      a === 0 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168)
    );
  }
  if (isIP(bare) === 6) return bare === '::1' || /^(fc|fd|fe80)/i.test(bare);
  return false;
}

/**
 * The callback must be a public HTTPS URL (spec). Loopback http(s) is accepted only when the sandbox
 * runs with allowLoopbackWebhooks (assumption W3); every other private or local address is a 400.
 */
function callbackProblem(url: string, allowLoopback: boolean): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'callbackUrl is not a URL.';
  }
  if (parsed.username || parsed.password) return 'callbackUrl must not carry credentials.';
  const host = parsed.hostname.toLowerCase();
  if (
    LOOPBACK_HOSTS.has(host) &&
    allowLoopback &&
    (parsed.protocol === 'http:' || parsed.protocol === 'https:')
  )
    return null;
  if (parsed.protocol !== 'https:') return 'callbackUrl must use https.';
  if (
    LOOPBACK_HOSTS.has(host) ||
    isPrivateAddress(host) ||
    host.endsWith('.local') ||
    host.endsWith('.internal') ||
    !host.includes('.')
  ) {
    return 'callbackUrl must be a public address.';
  }
  return null;
}

function webhookView(webhook: WebhookRecord) {
  return {
    uuid: webhook.uuid,
    event: webhook.event,
    callbackUrl: webhook.callbackUrl,
    status: webhook.status,
    hasSigningSecret: webhook.signingSecret !== null,
    createdAt: webhook.createdAt,
    updatedAt: webhook.updatedAt,
  };
}

function webhookOf(ctx: RequestContext): WebhookRecord {
  const id = ctx.params.uuid;
  if (!isUuid(id)) throw notFound('Webhook', id);
  return findOr404(ctx.ws.webhooks, id, 'Webhook');
}

function readWebhook(ctx: RequestContext, creating: boolean, existing?: WebhookRecord) {
  const reader = BodyReader.of(ctx.body);
  const event = reader.enumOf('event', WEBHOOK_EVENTS, { required: creating });
  const callbackUrl = reader.string('callbackUrl', { required: creating, max: 2048 });
  const signingSecret = reader.string('signingSecret', { nullable: !creating, allowEmpty: true });
  const status = reader.enumOf('status', ['active', 'paused', 'disabled'] as const);
  reader.internalOnly(['uuid', 'createdAt', 'updatedAt'], 'managed by the service');
  reader.finish();
  if (callbackUrl) {
    const problem = callbackProblem(callbackUrl, ctx.store.allowLoopbackWebhooks);
    if (problem) reader.fail('callbackUrl', 'invalid_callback_url', problem);
  }
  if (
    signingSecret !== undefined &&
    signingSecret !== null &&
    (signingSecret.length < 1 || signingSecret.length > 512)
  ) {
    reader.fail('signingSecret', 'out_of_range', 'signingSecret must be 1 to 512 characters.');
  }
  reader.assertValid();
  if (event) {
    for (const other of ctx.ws.webhooks.values()) {
      if (other.event === event && other !== existing) {
        throw businessRule(`A subscription for ${event} already exists in this workspace.`);
      }
    }
  }
  return { event, callbackUrl, signingSecret, status, warnings: reader.warnings };
}

export const webhookRoutes: DataRoute[] = [
  {
    method: 'POST',
    path: '/webhooks',
    handler(ctx) {
      const input = readWebhook(ctx, true);
      const webhook: WebhookRecord = {
        uuid: newUuid(),
        event: input.event!,
        callbackUrl: input.callbackUrl!,
        status: input.status ?? 'active',
        signingSecret: input.signingSecret || null,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      };
      ctx.ws.webhooks.set(webhook.uuid, webhook);
      return { status: 201, data: { webhook: webhookView(webhook) }, warnings: input.warnings };
    },
  },
  newestFirstListRoute({
    path: '/webhooks',
    key: 'webhooks',
    records: (ws) => ws.webhooks,
    view: webhookView,
  }),
  {
    method: 'GET',
    path: '/webhooks/:uuid',
    handler: (ctx) => ({ data: { webhook: webhookView(webhookOf(ctx)) } }),
  },
  {
    method: 'PATCH',
    path: '/webhooks/:uuid',
    handler(ctx) {
      const webhook = webhookOf(ctx);
      const input = readWebhook(ctx, false, webhook);
      if (input.event) webhook.event = input.event;
      if (input.callbackUrl) webhook.callbackUrl = input.callbackUrl;
      if (input.signingSecret !== undefined) webhook.signingSecret = input.signingSecret || null;
      if (input.status) webhook.status = input.status;
      webhook.updatedAt = ctx.now;
      return { data: { webhook: webhookView(webhook) }, warnings: input.warnings };
    },
  },
  {
    method: 'DELETE',
    path: '/webhooks/:uuid',
    handler(ctx) {
      const webhook = webhookOf(ctx);
      ctx.ws.webhooks.delete(webhook.uuid);
      return { message: 'Subscription deleted.', data: { webhook: webhookView(webhook) } };
    },
  },
];
