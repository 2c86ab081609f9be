import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseJsonExact, stringifyJsonExact } from '../../src/json/exact-json.js';
import {
  signBaseString,
  signatureBaseString,
  signaturesMatch,
  signedPathOf,
} from '../auth/signature.js';
import { alteredAnswerText } from '../faults/fault-injector.js';
import type { SandboxApp } from '../sandbox-config.js';
import type { SandboxRuntime } from '../runtime.js';
import { ApiError, errorBody, forbidden, unauthorized, validationFailed } from './api-error.js';
import type { PartnerRoute, Query, RequestContext, RouteResult, SignedContext } from './route.js';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function pathOf(url: string): string {
  const queryStart = url.indexOf('?');
  return queryStart === -1 ? url : url.slice(0, queryStart);
}

/** Layer 1: the request signature (spec, Authentication). Any failure is a 401. */
function verifySignature(
  runtime: SandboxRuntime,
  request: FastifyRequest,
  bodyText: string,
): SandboxApp {
  const clientId = header(request, 'x-client-id');
  const timestamp = header(request, 'x-timestamp');
  const signature = header(request, 'x-signature');
  if (!clientId || !timestamp || !signature) {
    throw unauthorized(
      'Missing request signature: x-client-id, x-timestamp and x-signature are required.',
    );
  }
  const app = runtime.appById(clientId);
  if (!app) throw unauthorized('Unknown client id.');
  if (!/^\d{1,12}$/.test(timestamp)) {
    throw unauthorized('x-timestamp must be Unix time in seconds.');
  }
  const skew = Math.abs(runtime.clock.nowMs() / 1000 - Number(timestamp));
  if (skew > runtime.config.limits.clockSkewSeconds) {
    throw unauthorized('The request timestamp is outside the allowed clock skew.');
  }
  const base = signatureBaseString(request.method, signedPathOf(request.url), timestamp, bodyText);
  if (!signaturesMatch(signBaseString(app.clientSecret, base), signature)) {
    throw unauthorized('Invalid request signature.');
  }
  return app;
}

function parseBody(route: PartnerRoute, request: FastifyRequest, bodyText: string): unknown {
  if (!BODY_METHODS.has(request.method)) return undefined;
  if ('noBody' in route && route.noBody) {
    if (bodyText === '' || bodyText.trim() === '{}') return undefined;
    throw validationFailed(
      'This route takes no body: send no body or {}; filters go on the query string.',
    );
  }
  if (bodyText.trim() === '') return undefined;
  const contentType = header(request, 'content-type') ?? '';
  if (!contentType.toLowerCase().startsWith('application/json')) {
    throw validationFailed('Content-Type must be application/json when a body is sent.');
  }
  try {
    return parseJsonExact(bodyText);
  } catch {
    throw validationFailed('The request body is not valid JSON.');
  }
}

/** Layer 2: the Bearer token, scoped to one workspace. */
function authorize(
  runtime: SandboxRuntime,
  request: FastifyRequest,
  app: SandboxApp,
  nowMs: number,
) {
  const authorization = header(request, 'authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(authorization);
  if (!match) throw unauthorized('Missing Bearer access token.');
  const grant = runtime.store.tokens.accessGrant(match[1]!, nowMs);
  if (!grant) throw unauthorized('The access token is invalid, expired or revoked.');
  if (grant.clientId !== app.clientId) {
    throw forbidden('This access token was issued to another application.');
  }
  const ws = runtime.store.workspace(grant.workspaceId);
  if (!ws) throw forbidden('The credential has no access to this workspace.');
  return ws;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * The pipeline every /partners request goes through: injected faults, signature, rate limit,
 * token, body, handler, envelope, request log. Handlers return values; only this function writes
 * to the socket, which is what lets a fault commit a write and then drop the connection.
 */
export function partnerHandler(runtime: SandboxRuntime, route: PartnerRoute) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const started = performance.now();
    const method = request.method;
    const path = pathOf(request.url);
    const decision = runtime.faults.decide(method, path);
    if (decision.latencyMs > 0) await delay(decision.latencyMs);
    let clientId: string | undefined;
    let workspaceId: string | undefined;
    let status: number;
    let payload: Record<string, unknown>;
    const headers: Record<string, string> = {};
    try {
      if (decision.respond500) throw new ApiError(500, 'server_error', 'Injected server error.');
      if (decision.respond429) {
        const retryAfter = decision.respond429.retryAfterSeconds;
        throw new ApiError(
          429,
          'rate_limited',
          'Rate limit exceeded (injected).',
          undefined,
          retryAfter === null ? undefined : { 'retry-after': String(retryAfter) },
        );
      }
      const bodyText = typeof request.body === 'string' ? request.body : '';
      const app = verifySignature(runtime, request, bodyText);
      clientId = app.clientId;
      const nowMs = runtime.clock.nowMs();
      const retryAfter = runtime.limiter.admit(app.clientId, nowMs);
      if (retryAfter !== null) {
        throw new ApiError(
          429,
          'rate_limited',
          'Rate limit exceeded: 100 requests per minute per client id.',
          undefined,
          {
            'retry-after': String(retryAfter),
          },
        );
      }
      const nowIso = new Date(nowMs).toISOString();
      const signed: SignedContext = {
        store: runtime.store,
        app,
        params: request.params as Record<string, string>,
        query: request.query as Query,
        body: undefined,
        nowMs,
        now: nowIso,
        today: nowIso.slice(0, 10),
      };
      let result: RouteResult;
      if (route.kind === 'token') {
        signed.body = parseBody(route, request, bodyText);
        result = route.handler(signed);
      } else {
        const ws = authorize(runtime, request, app, nowMs);
        workspaceId = ws.meta.id;
        if (route.permission && !(app.permissions ?? []).includes(route.permission)) {
          throw forbidden(`This operation needs the ${route.permission} permission.`);
        }
        const refused = runtime.faults.refusalFor(method, path, bodyText);
        if (refused !== undefined)
          throw new ApiError(400, 'business_rule', `Refused by an injected rule ("${refused}").`);
        signed.body = parseBody(route, request, bodyText);
        const ctx: RequestContext = {
          ...signed,
          ws,
          emit: (event, data) => runtime.webhooks.emit(ws, event, data),
        };
        try {
          result = route.handler(ctx);
        } finally {
          if (WRITE_METHODS.has(method) && !route.noBody) {
            ws.version += 1;
            runtime.store.markDirty();
          }
        }
      }
      status = result.status ?? 200;
      payload = { status: 'success' };
      if (result.message) payload.message = result.message;
      payload.data = result.data;
      if (result.warnings && result.warnings.length > 0) payload._partnerWarnings = result.warnings;
    } catch (error) {
      if (error instanceof ApiError) {
        status = error.status;
        payload = errorBody(error);
        Object.assign(headers, error.headers);
      } else {
        status = 500;
        payload = { status: 'error', message: 'Internal sandbox error.', code: 'server_error' };
        process.stderr.write(
          `sandbox: ${method} ${path} failed: ${(error as Error).stack ?? String(error)}\n`,
        );
      }
    }
    if (decision.dropAfterCommit) {
      runtime.requestLog.add({
        at: runtime.clock.nowIso(),
        method,
        path,
        status: 0,
        clientId,
        ...(workspaceId ? { workspaceId } : {}),
        durationMs: performance.now() - started,
      });
      reply.hijack();
      request.raw.socket.destroy();
      return;
    }
    // Only a write that succeeded has an answer to alter; the write stays applied.
    const alteration =
      status >= 200 && status <= 299 ? runtime.faults.alterationFor(method, path) : undefined;
    const text = alteration ? alteredAnswerText(payload, alteration) : stringifyJsonExact(payload);
    runtime.requestLog.add({
      at: runtime.clock.nowIso(),
      method,
      path,
      status,
      clientId,
      ...(workspaceId ? { workspaceId } : {}),
      ...(alteration ? { altered: true as const } : {}),
      durationMs: performance.now() - started,
    });
    await reply.code(status).headers(headers).type('application/json; charset=utf-8').send(text);
  };
}
