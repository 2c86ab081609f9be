import { randomBytes } from 'node:crypto';
import { businessRule } from '../http/api-error.js';
import { BodyReader } from '../http/body-reader.js';
import type { DataRoute, RequestContext } from '../http/route.js';
import type { ConnectionRecord } from '../state/records.js';
import { findOr404, newestFirstListRoute, uuidParam } from './shared.js';

function connectionView(connection: ConnectionRecord) {
  return {
    id: connection.id,
    provider: connection.provider,
    institutionName: connection.institutionName,
    status: connection.status,
    lastSyncAt: connection.lastSyncAt,
    accounts: [],
    createdAt: connection.createdAt,
    updatedAt: connection.updatedAt,
  };
}

function connectionOf(ctx: RequestContext) {
  return findOr404(ctx.ws.connections, uuidParam(ctx), 'Connection');
}

function hostedLink(ctx: RequestContext) {
  const linkToken = `link-sandbox-${randomBytes(12).toString('hex')}`;
  const expiresAt = new Date(ctx.nowMs + 4 * 3600 * 1000).toISOString();
  return { linkToken, hostedLinkUrl: `https://sandbox.invalid/link/${linkToken}`, expiresAt };
}

/**
 * Bank-feed connections (assumption R23): nobody completes a hosted link in the sandbox, so the
 * completion poll answers pending; connections are added with the admin helper.
 */
export const connectionRoutes: DataRoute[] = [
  newestFirstListRoute({
    path: '/connections',
    key: 'connections',
    records: (ws) => ws.connections,
    view: connectionView,
  }),
  {
    method: 'GET',
    path: '/connections/:uuid',
    handler: (ctx) => ({ data: { connection: connectionView(connectionOf(ctx)) } }),
  },
  {
    method: 'POST',
    path: '/connections/connect-link',
    handler: (ctx) => ({ status: 201, data: hostedLink(ctx) }),
  },
  {
    method: 'POST',
    path: '/connections/connect-link/complete',
    handler(ctx) {
      const reader = BodyReader.of(ctx.body);
      const linkToken = reader.string('linkToken', { required: true });
      reader.finish();
      reader.assertValid();
      return { data: { linkToken, status: 'pending' }, warnings: reader.warnings };
    },
  },
  {
    method: 'PATCH',
    path: '/connections/:uuid/revoke',
    handler(ctx) {
      const connection = connectionOf(ctx);
      connection.status = 'revoked';
      connection.updatedAt = ctx.now;
      return { data: { connection: connectionView(connection) } };
    },
  },
  {
    method: 'POST',
    path: '/connections/:uuid/reconnect-link',
    handler(ctx) {
      const connection = connectionOf(ctx);
      if (!connection.supportsHostedLink) {
        throw businessRule(
          `Provider ${connection.provider} does not support hosted reconnect links.`,
        );
      }
      return { status: 201, data: hostedLink(ctx) };
    },
  },
];
