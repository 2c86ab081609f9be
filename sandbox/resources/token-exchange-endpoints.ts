import { businessRule, unauthorized } from '../http/api-error.js';
import { BodyReader } from '../http/body-reader.js';
import type { SignedContext, TokenRoute } from '../http/route.js';

function pairFor(ctx: SignedContext, clientId: string, workspaceId: string) {
  const workspace = ctx.store.workspace(workspaceId);
  if (!workspace) throw unauthorized('The workspace of this grant no longer exists.');
  const pair = ctx.store.tokens.issuePair(clientId, workspaceId, ctx.nowMs);
  ctx.store.markDirty();
  return { ...pair, workspaceId: workspace.meta.id, workspaceName: workspace.meta.name };
}

/** Token exchange routes: signed, no Bearer token (spec, Authentication layer 2). */
export const tokenRoutes: TokenRoute[] = [
  {
    kind: 'token',
    method: 'POST',
    path: '/grant-access-token',
    handler(ctx) {
      const reader = BodyReader.of(ctx.body);
      const code = reader.string('code', { required: true });
      const grantType = reader.enumOf('grantType', ['authorization_code'] as const, {
        required: true,
      });
      reader.finish();
      reader.assertValid();
      void grantType;
      const grant = ctx.store.tokens.redeemCode(code!, ctx.app.clientId, ctx.nowMs);
      ctx.store.markDirty();
      // An unusable code is an OAuth invalid_grant: a 400, not a credential failure (assumption A8).
      if (typeof grant === 'string') throw businessRule(grant);
      return { data: pairFor(ctx, grant.clientId, grant.workspaceId), warnings: reader.warnings };
    },
  },
  {
    kind: 'token',
    method: 'POST',
    path: '/refresh-user-access-token',
    handler(ctx) {
      const reader = BodyReader.of(ctx.body);
      const refreshToken = reader.string('refreshToken', { required: true });
      reader.finish();
      reader.assertValid();
      const grant = ctx.store.tokens.rotate(refreshToken!, ctx.app.clientId, ctx.nowMs);
      ctx.store.markDirty();
      if (!grant)
        throw unauthorized('The refresh token is invalid, expired, revoked or already used.');
      return { data: pairFor(ctx, grant.clientId, grant.workspaceId), warnings: reader.warnings };
    },
  },
];
