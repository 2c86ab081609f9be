import Fastify, { type FastifyInstance } from 'fastify';
import type { SandboxAdmin } from '../admin.js';
import type { SandboxRuntime } from '../runtime.js';
import { registerAdminRoutes } from './admin-routes.js';
import { registerOAuthRoutes } from './oauth-routes.js';
import { partnerHandler } from './partner-dispatch.js';
import type { PartnerRoute } from './route.js';

/** Large enough for a 100-row bulk call of customers with contacts and addresses. */
const BODY_LIMIT_BYTES = 20 * 1024 * 1024;

/** The fastify app: admin, OAuth consent and every /partners route. */
export function buildServer(
  runtime: SandboxRuntime,
  admin: SandboxAdmin,
  routes: PartnerRoute[],
): FastifyInstance {
  const app = Fastify({ logger: false, bodyLimit: BODY_LIMIT_BYTES, forceCloseConnections: true });
  // Every body is kept as its exact text: the signature hashes it and lossless-json parses it.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  registerAdminRoutes(app, admin);
  registerOAuthRoutes(app, runtime);
  for (const route of routes) {
    app.route({
      method: route.method,
      url: `/partners${route.path}`,
      handler: partnerHandler(runtime, route),
    });
  }

  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .type('application/json; charset=utf-8')
      .send(
        JSON.stringify({
          status: 'error',
          code: 'not_found',
          message: `No route ${request.method} ${request.url.split('?')[0] ?? ''}.`,
        }),
      ),
  );
  app.setErrorHandler((error: { statusCode?: number; message: string }, _request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    return reply
      .code(status)
      .type('application/json; charset=utf-8')
      .send(
        JSON.stringify({
          status: 'error',
          code: status >= 500 ? 'server_error' : 'validation_failed',
          message: error.message,
        }),
      );
  });
  return app;
}
