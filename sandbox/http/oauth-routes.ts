import type { FastifyInstance, FastifyReply } from 'fastify';
import { matchRedirectUri, withQuery } from '../auth/redirect-uri.js';
import type { SandboxRuntime } from '../runtime.js';
import { pathOf } from './partner-dispatch.js';

type Fields = Record<string, string | undefined>;

function errorPage(reply: FastifyReply, message: string) {
  return reply
    .code(400)
    .type('text/html; charset=utf-8')
    .send(
      htmlPage('Authorization error', `<h1>Authorization error</h1><p>${escapeHtml(message)}</p>`),
    );
}

function checkClient(runtime: SandboxRuntime, fields: Fields): string | null {
  const app = fields.client_id ? runtime.appById(fields.client_id) : undefined;
  if (!app) return 'Unknown client_id.';
  if (!fields.redirect_uri || !matchRedirectUri(app.redirectUris, fields.redirect_uri)) {
    return 'redirect_uri is not registered for this application.';
  }
  return null;
}

/**
 * The consent screen (assumption A1): GET shows the app and the workspace with Approve and Deny;
 * the form posts back and the browser is redirected to the registered URI with a one-time code.
 * An unknown client or redirect URI never redirects (it would be an open redirector).
 */
export function registerOAuthRoutes(app: FastifyInstance, runtime: SandboxRuntime): void {
  // The consent page must not be framed: a page that frames it could trick a click on Approve.
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/oauth/')) return;
    reply.header('content-security-policy', "frame-ancestors 'none'");
    reply.header('x-frame-options', 'DENY');
  });
  app.get('/oauth/authorize', async (request, reply) => {
    const started = performance.now();
    const fields = request.query as Fields;
    const problem = checkClient(runtime, fields);
    log(runtime, 'GET', request.url, problem ? 400 : 200, started);
    if (problem) return errorPage(reply, problem);
    const client = runtime.appById(fields.client_id!)!;
    const workspaces = runtime.config.workspaces;
    const choices = workspaces
      .map(
        (ws, index) =>
          `<label><input type="radio" name="workspace_id" value="${escapeHtml(ws.id)}"${index === 0 ? ' checked' : ''}> ${escapeHtml(ws.name)}</label><br>`,
      )
      .join('\n');
    const hidden = (name: string, value: string | undefined) =>
      `<input type="hidden" name="${name}" value="${escapeHtml(value ?? '')}">`;
    const body = `<h1>Authorize ${escapeHtml(client.name)}</h1>
<p><strong>${escapeHtml(client.name)}</strong> asks for access to the accounting data of the workspace:</p>
<form method="post" action="/oauth/authorize">
${hidden('client_id', fields.client_id)}
${hidden('redirect_uri', fields.redirect_uri)}
${hidden('state', fields.state)}
<p>${choices}</p>
<button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny" class="deny">Deny</button>
</form>`;
    return reply.type('text/html; charset=utf-8').send(htmlPage(`Authorize ${client.name}`, body));
  });

  app.post('/oauth/authorize', async (request, reply) => {
    const started = performance.now();
    const fields = Object.fromEntries(
      new URLSearchParams(typeof request.body === 'string' ? request.body : ''),
    ) as Fields;
    const problem =
      checkClient(runtime, fields) ??
      (fields.decision === 'approve' || fields.decision === 'deny'
        ? null
        : 'decision must be approve or deny.') ??
      (fields.decision === 'approve' && !runtime.store.workspace(fields.workspace_id ?? '')
        ? 'Unknown workspace_id.'
        : null);
    if (problem) {
      log(runtime, 'POST', request.url, 400, started);
      return errorPage(reply, problem);
    }
    const params: Record<string, string> = {};
    if (fields.decision === 'approve') {
      params.code = runtime.store.tokens.issueCode(
        {
          clientId: fields.client_id!,
          workspaceId: fields.workspace_id!.toLowerCase(),
          redirectUri: fields.redirect_uri!,
        },
        runtime.clock.nowMs(),
      );
      runtime.store.markDirty();
    } else {
      params.error = 'access_denied';
    }
    if (fields.state !== undefined) params.state = fields.state;
    log(runtime, 'POST', request.url, 302, started);
    return reply.redirect(withQuery(fields.redirect_uri!, params), 302);
  });
}

function log(
  runtime: SandboxRuntime,
  method: string,
  url: string,
  status: number,
  started: number,
) {
  runtime.requestLog.add({
    at: runtime.clock.nowIso(),
    method,
    path: pathOf(url),
    status,
    durationMs: performance.now() - started,
  });
}

/** Escapes text for HTML element content and attribute values. */
function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A minimal standalone page (the consent screen and its error pages). */
function htmlPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem}
button{font-size:1rem;padding:.5rem 1.25rem;margin-right:.5rem}.deny{background:#eee}</style></head>
<body>
${body}
</body>
</html>
`;
}
