import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One request the fake received, with its body exactly as sent. */
export interface ReceivedRequest {
  method: string;
  /** Path and query as sent. */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  bodyText: string;
}

/** What a handler does with a request: answer, or misbehave on purpose. */
export type FakeAction =
  | { status: number; json?: unknown; text?: string; headers?: Record<string, string> }
  | { hang: true }
  | { destroy: true }
  | { truncate: { status: number; declaredLength: number; text: string } };

export type FakeHandler = (request: ReceivedRequest) => FakeAction | Promise<FakeAction>;

/** A loopback HTTP server on a free port whose answers the test scripts (stripe-node style). */
export interface FakeApi {
  baseUrl: string;
  requests: ReceivedRequest[];
  /** TCP connections accepted so far (keep-alive reuse shows as fewer connections than requests). */
  connections(): number;
  setHandler(handler: FakeHandler): void;
  close(): Promise<void>;
}

/** Starts the fake on 127.0.0.1 port 0. */
export async function startFakeApi(handler: FakeHandler): Promise<FakeApi> {
  let current = handler;
  const requests: ReceivedRequest[] = [];
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = http.createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
      const request: ReceivedRequest = {
        method: incoming.method ?? 'GET',
        url: incoming.url ?? '/',
        path: url.pathname,
        query: url.searchParams,
        headers: incoming.headers,
        bodyText: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      void Promise.resolve(current(request)).then((action) =>
        act(action, response, incoming.socket),
      );
    });
  });
  server.on('connection', (socket) => {
    connections += 1;
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    connections: () => connections,
    setHandler: (next) => {
      current = next;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function act(action: FakeAction, response: http.ServerResponse, socket: Socket): void {
  if ('hang' in action) return;
  if ('destroy' in action) {
    socket.destroy();
    return;
  }
  if ('truncate' in action) {
    const { status, declaredLength, text } = action.truncate;
    response.writeHead(status, {
      'content-type': 'application/json',
      'content-length': String(declaredLength),
    });
    response.write(text);
    // End the socket without the rest of the declared body.
    setImmediate(() => socket.destroy());
    return;
  }
  const body = action.text ?? (action.json === undefined ? '' : JSON.stringify(action.json));
  response.writeHead(action.status, {
    'content-type': 'application/json',
    ...action.headers,
  });
  response.end(body);
}

/** Recomputes the spec's signature of a received request, independently of the client code. */
export function expectedSignature(request: ReceivedRequest, secret: string): string {
  const signedPath = request.path.replace(/^\/partners/, '');
  const hasBodyHash = ['POST', 'PUT', 'PATCH'].includes(request.method);
  const bodyHash = hasBodyHash ? createHash('sha256').update(request.bodyText).digest('hex') : '';
  const base = `${request.method}:${signedPath}:${String(request.headers['x-timestamp'])}:${bodyHash}`;
  return createHmac('sha256', secret).update(base).digest('hex');
}

/** A success envelope. */
export function ok(data: unknown, extra: Record<string, unknown> = {}): FakeAction {
  return { status: 200, json: { status: 'success', data, ...extra } };
}
