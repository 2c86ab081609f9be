import { Pool, util as undiciUtil, type Dispatcher } from 'undici';

/**
 * HTTP transport on undici: one keep-alive connection pool per API origin, a deadline per request
 * covering connect, send and the whole response body, and cancellation through an AbortSignal.
 * It also reports whether the request was fully written before a failure, which is what decides
 * whether a failed write is ambiguous.
 */

/** One request, fully prepared (signed headers, exact body text). */
interface TransportRequest {
  method: string;
  /** Path and query as sent: `/partners/customers?page=2`. */
  path: string;
  headers: Record<string, string>;
  /** The exact body text; undefined sends no body. */
  body?: string;
  /** Deadline for the whole exchange, body included. */
  timeoutMs: number;
  signal?: AbortSignal;
}

/** A complete answer (any status). */
export interface TransportResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bodyText: string;
}

/** Why no complete answer arrived. */
export type TransportFailureKind = 'timeout' | 'aborted' | 'network';

/** The transport's only error. `requestSent` is true once the whole request was written. */
export class TransportFailure extends Error {
  override readonly name = 'TransportFailure';
  constructor(
    message: string,
    readonly kind: TransportFailureKind,
    readonly requestSent: boolean,
    readonly code: string | undefined,
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
  }
}

/** Sends requests to one origin. */
export interface PartnerApiTransport {
  send(request: TransportRequest): Promise<TransportResponse>;
  close(): Promise<void>;
}

/** Options for `createUndiciTransport`. */
export interface UndiciTransportOptions {
  /** `https://host:port` of the API. */
  origin: string;
  /** Keep-alive connections in the pool (default 10). */
  connections?: number;
  /** Idle keep-alive sockets are closed after this long (default 4 s, below common server defaults). */
  keepAliveTimeoutMs?: number;
  /** Responses larger than this fail instead of exhausting memory (default 64 MiB). */
  maxResponseBytes?: number;
  /** Use this dispatcher instead of creating a pool (tests, proxies). Not closed by `close()`. */
  dispatcher?: Dispatcher;
}

const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/** Creates the undici transport. */
export function createUndiciTransport(options: UndiciTransportOptions): PartnerApiTransport {
  const ownsDispatcher = options.dispatcher === undefined;
  const dispatcher =
    options.dispatcher ??
    new Pool(options.origin, {
      connections: options.connections ?? 10,
      keepAliveTimeout: options.keepAliveTimeoutMs ?? 4_000,
      // Our own deadline covers the exchange; undici's are only a backstop.
      headersTimeout: 0,
      bodyTimeout: 0,
    });
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;

  return {
    send: (request) => send(dispatcher, options.origin, maxResponseBytes, request),
    close: async () => {
      if (ownsDispatcher) await dispatcher.close();
    },
  };
}

function send(
  dispatcher: Dispatcher,
  origin: string,
  maxResponseBytes: number,
  request: TransportRequest,
): Promise<TransportResponse> {
  return new Promise<TransportResponse>((resolve, reject) => {
    let settled = false;
    const cleanups: Array<() => void> = [];
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      for (const cleanup of cleanups) cleanup();
      outcome();
    };
    const handler = new CollectingHandler(maxResponseBytes, {
      resolve: (response) => finish(() => resolve(response)),
      reject: (error) =>
        finish(() =>
          reject(
            new TransportFailure(
              describeNetworkFailure(error),
              'network',
              handler.requestSent,
              errorCode(error),
              error,
            ),
          ),
        ),
    });

    const stop = (kind: 'timeout' | 'aborted') => {
      // Settle at once: a request still queued in the pool must not outlive its deadline.
      const sent = handler.requestSent;
      const message =
        kind === 'timeout'
          ? `no complete answer within ${request.timeoutMs} ms`
          : 'the request was cancelled';
      finish(() => reject(new TransportFailure(message, kind, sent, undefined)));
      handler.abort(new Error(message));
    };

    if (request.signal?.aborted) {
      stop('aborted');
      return;
    }
    const timer = setTimeout(() => stop('timeout'), request.timeoutMs);
    cleanups.push(() => clearTimeout(timer));
    if (request.signal) {
      const onAbort = () => stop('aborted');
      request.signal.addEventListener('abort', onAbort, { once: true });
      cleanups.push(() => request.signal?.removeEventListener('abort', onAbort));
    }

    dispatcher.dispatch(
      {
        origin,
        method: request.method,
        path: request.path,
        headers: request.headers,
        body: request.body === undefined ? undefined : Buffer.from(request.body, 'utf8'),
      },
      handler,
    );
  });
}

/**
 * A dispatch handler that buffers the response and records `onRequestSent`, the moment the whole
 * request (headers and body) was written to the socket. undici calls that legacy hook on handlers
 * that provide it; before it fires, the server cannot have acted on the request.
 */
class CollectingHandler implements Dispatcher.DispatchHandler {
  requestSent = false;
  private abortRequest: ((error?: Error) => void) | undefined;
  private pendingAbort: Error | undefined;
  private status = 0;
  private headers: Record<string, string | string[] | undefined> = {};
  private readonly chunks: Buffer[] = [];
  private size = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly settle: {
      resolve: (response: TransportResponse) => void;
      reject: (error: unknown) => void;
    },
  ) {}

  abort(reason: Error): void {
    if (this.abortRequest) this.abortRequest(reason);
    else this.pendingAbort = reason;
  }

  onConnect(abort: (error?: Error) => void): void {
    this.abortRequest = abort;
    if (this.pendingAbort) abort(this.pendingAbort);
  }

  onRequestSent(): void {
    this.requestSent = true;
  }

  onBodySent(): void {}

  onHeaders(statusCode: number, rawHeaders: Buffer[]): boolean {
    if (statusCode < 200) return true;
    this.status = statusCode;
    this.headers = undiciUtil.parseHeaders(rawHeaders);
    return true;
  }

  onData(chunk: Buffer): boolean {
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      this.abort(new Error(`response larger than ${this.maxBytes} bytes`));
      return false;
    }
    this.chunks.push(chunk);
    return true;
  }

  onComplete(): void {
    this.settle.resolve({
      status: this.status,
      headers: this.headers,
      bodyText: Buffer.concat(this.chunks).toString('utf8'),
    });
  }

  onError(error: Error): void {
    this.settle.reject(error);
  }
}

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

function describeNetworkFailure(error: unknown): string {
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : String(error);
  return code ? `${message} (${code})` : message;
}
