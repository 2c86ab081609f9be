import { createHmac } from 'node:crypto';
import { request } from 'undici';
import { stringifyJsonExact } from '../../src/json/exact-json.js';
import type { SandboxClock } from '../clock.js';
import type { SandboxLimits } from '../sandbox-config.js';
import { newUuid } from '../ids.js';
import type { WebhookEvent } from '../state/records.js';
import type { WorkspaceData } from '../state/workspace-state.js';

/** One delivery and what became of each attempt (for the admin view and tests). */
export interface DeliveryRecord {
  id: string;
  webhookUuid: string;
  event: WebhookEvent;
  callbackUrl: string;
  attempts: Array<{ at: string; status: number | null; error?: string }>;
  outcome: 'pending' | 'delivered' | 'failed';
}

const MAX_ATTEMPTS = 3;
const MAX_KEPT_DELIVERIES = 1000;

/** `sha256=<hex HMAC-SHA256 of the raw body>` (assumption W2). */
function webhookSignature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

/**
 * Delivers events to the active subscriptions of a workspace: POST with the W1 envelope, a 2xx within
 * the timeout counts, otherwise up to 3 attempts in total with exponential backoff from
 * `webhookBackoffMs`. Deliveries never delay the API response that caused them.
 */
export class WebhookDispatcher {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<AbortController>();
  private readonly log: DeliveryRecord[] = [];
  private closed = false;

  constructor(
    private readonly clock: SandboxClock,
    private readonly limits: () => SandboxLimits,
  ) {}

  emit(ws: WorkspaceData, event: WebhookEvent, data: Record<string, unknown>): void {
    if (this.closed || ws.webhooks.size === 0) return;
    for (const webhook of ws.webhooks.values()) {
      if (webhook.event !== event || webhook.status !== 'active') continue;
      const id = newUuid();
      const body = stringifyJsonExact({ id, event, createdAt: this.clock.nowIso(), data });
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'x-webhook-id': id,
        'x-webhook-event': event,
      };
      if (webhook.signingSecret) {
        headers['x-webhook-signature'] = webhookSignature(webhook.signingSecret, body);
      }
      const record: DeliveryRecord = {
        id,
        webhookUuid: webhook.uuid,
        event,
        callbackUrl: webhook.callbackUrl,
        attempts: [],
        outcome: 'pending',
      };
      this.log.push(record);
      if (this.log.length > MAX_KEPT_DELIVERIES) this.log.shift();
      void this.attempt(record, body, headers, 1);
    }
  }

  deliveries(): DeliveryRecord[] {
    return this.log.map((record) => ({ ...record, attempts: [...record.attempts] }));
  }

  private async attempt(
    record: DeliveryRecord,
    body: string,
    headers: Record<string, string>,
    attempt: number,
  ): Promise<void> {
    if (this.closed) return;
    const timeoutMs = this.limits().webhookTimeoutMs;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    this.inFlight.add(controller);
    const at = this.clock.nowIso();
    try {
      const response = await request(record.callbackUrl, {
        method: 'POST',
        headers: { ...headers, 'x-webhook-attempt': String(attempt) },
        body,
        signal: controller.signal,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      await response.body.dump();
      record.attempts.push({ at, status: response.statusCode });
      if (response.statusCode >= 200 && response.statusCode < 300) {
        record.outcome = 'delivered';
        return;
      }
    } catch (error) {
      record.attempts.push({ at, status: null, error: (error as Error).message });
    } finally {
      clearTimeout(timer);
      this.inFlight.delete(controller);
    }
    if (attempt >= MAX_ATTEMPTS || this.closed) {
      record.outcome = 'failed';
      return;
    }
    const delay = this.limits().webhookBackoffMs * 2 ** (attempt - 1);
    const retry = setTimeout(() => {
      this.timers.delete(retry);
      void this.attempt(record, body, headers, attempt + 1);
    }, delay);
    this.timers.add(retry);
  }

  clear(): void {
    this.log.length = 0;
  }

  /** Cancels pending retries and aborts deliveries in flight. */
  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const controller of this.inFlight) controller.abort();
  }
}
