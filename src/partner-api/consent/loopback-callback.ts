import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Why the consent flow did not produce an authorization code. */
export type ConsentFailure =
  /** The user pressed Deny (`error=access_denied`) or the server sent another OAuth error. */
  | 'denied'
  /** The redirect carried a `state` other than ours: possibly forged, so the code is not used. */
  | 'state_mismatch'
  /** The redirect carried neither a code nor an error. */
  | 'missing_code'
  /** Nobody completed the consent in time. */
  | 'timeout'
  /** The caller cancelled. */
  | 'aborted'
  /** The loopback port could not be opened. */
  | 'listen_failed';

/** The consent flow failed before the code exchange (exchange failures are PartnerApi errors). */
export class ConsentFlowError extends Error {
  override readonly name = 'ConsentFlowError';
  constructor(
    message: string,
    readonly failure: ConsentFailure,
  ) {
    super(message);
  }
}

/** A loopback listener waiting for the OAuth redirect (RFC 8252 §7.3). */
export interface LoopbackCallback {
  /** `http://127.0.0.1:<port><path>`, the redirect URI to register the flow with. */
  redirectUri: string;
  /** Resolves with the authorization code once a redirect with our `state` arrives. */
  code: Promise<string>;
  close(): Promise<void>;
}

/** Options for `listenForCallback`. */
export interface LoopbackCallbackOptions {
  /** The `state` we sent; any other value is rejected. */
  state: string;
  /** 0 picks a free port. */
  port: number;
  path: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

const PAGE_STYLE =
  'font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;line-height:1.5';

/** Starts the listener on 127.0.0.1 (never a public interface). */
export async function listenForCallback(
  options: LoopbackCallbackOptions,
): Promise<LoopbackCallback> {
  let settle:
    { resolve: (code: string) => void; reject: (error: ConsentFlowError) => void } | undefined;
  const code = new Promise<string>((resolve, reject) => {
    settle = { resolve, reject };
  });
  // The flow may be abandoned before anyone awaits `code`; never leave an unhandled rejection.
  code.catch(() => undefined);
  let done = false;
  const finish = (outcome: { code: string } | { error: ConsentFlowError }) => {
    if (done) return;
    done = true;
    if ('code' in outcome) settle?.resolve(outcome.code);
    else settle?.reject(outcome.error);
  };

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method !== 'GET' || url.pathname !== options.path) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    const outcome = readRedirect(url.searchParams, options.state);
    const ok = 'code' in outcome;
    response
      .writeHead(ok ? 200 : 400, {
        'content-type': 'text/html; charset=utf-8',
        connection: 'close',
      })
      .end(
        `<!doctype html><title>Ledgerlift</title><body style="${PAGE_STYLE}"><h1>` +
          (ok
            ? 'Ledgerlift is connected.</h1><p>You can close this window and return to the terminal.'
            : 'Ledgerlift could not connect.</h1><p>Return to the terminal for details.') +
          '</p></body>',
      );
    finish(outcome);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) =>
      reject(
        new ConsentFlowError(
          `cannot listen on 127.0.0.1:${options.port}: ${error.message}`,
          'listen_failed',
        ),
      ),
    );
    server.listen(options.port, '127.0.0.1', () => resolve());
  });

  const timer = setTimeout(
    () =>
      finish({ error: new ConsentFlowError('nobody completed the consent in time', 'timeout') }),
    options.timeoutMs,
  );
  const onAbort = () =>
    finish({ error: new ConsentFlowError('the consent flow was cancelled', 'aborted') });
  options.signal?.addEventListener('abort', onAbort, { once: true });
  if (options.signal?.aborted) onAbort();

  const { port } = server.address() as AddressInfo;
  return {
    redirectUri: `http://127.0.0.1:${port}${options.path}`,
    code,
    close: async () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      finish({ error: new ConsentFlowError('the consent flow was cancelled', 'aborted') });
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function readRedirect(
  params: URLSearchParams,
  expectedState: string,
): { code: string } | { error: ConsentFlowError } {
  const state = params.get('state') ?? '';
  if (!sameText(state, expectedState)) {
    return {
      error: new ConsentFlowError(
        'the redirect carried an unexpected state; the code was not used (start `ledgerlift connect` again)',
        'state_mismatch',
      ),
    };
  }
  const error = params.get('error');
  if (error) {
    // The error code is an OAuth keyword (access_denied, ...), safe to show.
    const keyword = error.replace(/[^a-z_]/gi, '').slice(0, 64);
    return {
      error: new ConsentFlowError(
        `the workspace owner did not grant access (${keyword})`,
        'denied',
      ),
    };
  }
  const code = params.get('code');
  if (!code) {
    return {
      error: new ConsentFlowError('the redirect carried no authorization code', 'missing_code'),
    };
  }
  return { code };
}

function sameText(left: string, right: string): boolean {
  const a = Buffer.from(left, 'utf8');
  const b = Buffer.from(right, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
