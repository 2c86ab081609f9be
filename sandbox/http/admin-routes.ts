import type { ExchangeRateEntry } from '../state/exchange-rates.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AdminInputError, type SandboxAdmin } from '../admin.js';
import type { FaultRule } from '../faults/fault-injector.js';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
/** Host headers naming this machine: a page elsewhere that rebinds its own name to 127.0.0.1 fails. */
const LOOPBACK_HOST = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d{1,5})?$/i;

/**
 * Why a request may not use the admin routes, or undefined. A loopback peer is not enough: a web
 * page in the developer's browser is one too. Its requests name the page's host (DNS rebinding),
 * and without a CORS preflight it can only send "simple" content types, never application/json.
 */
function adminRefusal(request: FastifyRequest): string | undefined {
  if (!LOOPBACK.test(request.socket.remoteAddress ?? '')) {
    return 'Admin routes answer to loopback peers only.';
  }
  if (!LOOPBACK_HOST.test(request.headers.host ?? '')) {
    return 'Admin routes answer only to a loopback Host (127.0.0.1, localhost or [::1]).';
  }
  const contentType = (request.headers['content-type'] ?? '').toLowerCase();
  if (request.method !== 'GET' && !/^application\/json\s*(;|$)/.test(contentType)) {
    return 'Admin routes that change the sandbox take Content-Type: application/json only.';
  }
  return undefined;
}

function send(reply: FastifyReply, status: number, body: unknown) {
  return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const text = typeof request.body === 'string' ? request.body : '';
  if (text.trim() === '') return {};
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new AdminInputError('body must be a JSON object');
  }
  return parsed as Record<string, unknown>;
}

function text(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  if (typeof value !== 'string' || value === '') throw new AdminInputError(`${name} is required`);
  return value;
}

/**
 * The /__sandbox admin routes. They answer only to loopback peers and need no signature: they are
 * the test harness's back door, not part of the emulated API.
 */
export function registerAdminRoutes(app: FastifyInstance, admin: SandboxAdmin): void {
  const route = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    run: (request: FastifyRequest) => unknown,
  ) => {
    app.route({
      method,
      url,
      handler: async (request, reply) => {
        const refusal = adminRefusal(request);
        if (refusal) {
          return send(reply, 403, { status: 'error', code: 'forbidden', message: refusal });
        }
        try {
          return send(reply, 200, { status: 'success', data: run(request) ?? {} });
        } catch (error) {
          if (
            error instanceof AdminInputError ||
            error instanceof RangeError ||
            error instanceof SyntaxError
          ) {
            return send(reply, 400, {
              status: 'error',
              code: 'validation_failed',
              message: error.message,
            });
          }
          throw error;
        }
      },
    });
  };

  route('POST', '/__sandbox/reset', () => admin.reset());
  route('GET', '/__sandbox/state', (request) => {
    const workspaceId = (request.query as Record<string, string | undefined>).workspaceId;
    return { counts: admin.counts(workspaceId) };
  });
  route('GET', '/__sandbox/requests', () => ({ requests: admin.requestLog() }));
  route('GET', '/__sandbox/request-stats', () => ({ stats: admin.requestStats() }));
  route('POST', '/__sandbox/faults', (request) => {
    admin.setFault(bodyOf(request) as unknown as FaultRule);
  });
  route('DELETE', '/__sandbox/faults', () => admin.clearFaults());
  route('POST', '/__sandbox/authorize-code', (request) => {
    const body = bodyOf(request);
    const code = admin.issueAuthorizationCode({
      clientId: text(body, 'clientId'),
      workspaceId: text(body, 'workspaceId'),
      redirectUri: text(body, 'redirectUri'),
    });
    return { code };
  });
  route('POST', '/__sandbox/tokens/revoke', (request) => {
    const body = bodyOf(request);
    admin.revokeTokens({
      clientId: text(body, 'clientId'),
      workspaceId: text(body, 'workspaceId'),
    });
  });
  route('POST', '/__sandbox/clock', (request) => {
    const offset = bodyOf(request).offsetSeconds;
    if (typeof offset !== 'number') throw new AdminInputError('offsetSeconds must be a number');
    admin.setClockOffsetSeconds(offset);
  });
  route('POST', '/__sandbox/limits', (request) => {
    const requests = bodyOf(request).requestsPerWindow;
    if (requests !== null && typeof requests !== 'number') {
      throw new AdminInputError('requestsPerWindow must be a number or null');
    }
    admin.setRequestsPerWindow(requests);
  });
  route('POST', '/__sandbox/workspaces/:id/complete-onboarding', (request) => {
    admin.completeOnboarding((request.params as { id: string }).id);
  });
  route('GET', '/__sandbox/webhook-deliveries', () => ({ deliveries: admin.webhookDeliveries() }));
  route('POST', '/__sandbox/workspaces/:id/exchange-rates', (request) => {
    const rates = bodyOf(request).rates;
    if (!Array.isArray(rates)) throw new AdminInputError('rates must be an array');
    admin.setExchangeRates((request.params as { id: string }).id, rates as ExchangeRateEntry[]);
  });
}
