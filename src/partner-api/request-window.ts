/** The API's request limit: at most `requests` in any `windowMs` (the spec: 100 in 60 s). */
export interface RequestLimit {
  requests: number;
  windowMs: number;
}

export interface RequestWindowDeps {
  /** Epoch milliseconds. */
  now: () => number;
  /** Waits `ms`, or rejects when `signal` aborts; tests move a fake clock instead. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** Anything that holds a request back until the API's window has room, then counts it. */
export interface SendWindow {
  /** Waits until the request may go; the answer function says it was answered (or failed). */
  enter(signal?: AbortSignal): Promise<() => void>;
}

/** Makes the window of one API and client id: a process's own, or one shared by processes. */
export type SendWindowFactory = (
  connection: { baseUrl: string; clientId: string },
  limit: RequestLimit,
) => SendWindow;

/**
 * Holds a request back while sending it could make the API's sliding window hold more than its
 * limit. The server paces the API task queue (src/config/worker-settings.ts), but its token bucket
 * lets a few tasks through at once after a pause; this window is what keeps that burst from
 * becoming a 429.
 *
 * The API counts a request when it arrives, somewhere between our send and its answer. So a
 * request counts here from its send until `windowMs` after its answer: a new request may go when
 * fewer than `requests` are in flight or answered within the last `windowMs`. Then whatever time
 * the API admitted each, no window of its holds more than the limit. It sees only this process's
 * requests for one client id; other processes are kept under the limit by the server's pace alone.
 */
export class RequestWindow implements SendWindow {
  private inFlight = 0;
  /** Answer times of recent requests, oldest first. */
  private answered: number[] = [];
  private waiters: Array<() => void> = [];

  constructor(
    private readonly limit: RequestLimit,
    private readonly deps: RequestWindowDeps,
  ) {
    if (!(limit.requests >= 1) || !(limit.windowMs > 0)) {
      throw new Error(`a request limit needs at least one request in a positive window`);
    }
  }

  /** Requests that count against the window now. */
  counted(): number {
    const since = this.deps.now() - this.limit.windowMs;
    let expired = 0;
    while (expired < this.answered.length && (this.answered[expired] ?? 0) <= since) expired += 1;
    if (expired > 0) this.answered.splice(0, expired);
    return this.inFlight + this.answered.length;
  }

  /**
   * Waits until the request may go, then counts it; call the answer to say it was answered (or
   * failed). Each wait ends when the oldest answer leaves the window or a request is answered, so
   * the loop ends once the window has room.
   */
  async enter(signal?: AbortSignal): Promise<() => void> {
    while (this.counted() >= this.limit.requests) {
      signal?.throwIfAborted();
      const oldest = this.answered[0];
      if (oldest === undefined) {
        // Every counted request is still in flight: wait for one to be answered.
        await new Promise<void>((resolve) => this.waiters.push(resolve));
      } else {
        await this.deps.sleep(oldest + this.limit.windowMs - this.deps.now() + 1, signal);
      }
    }
    this.inFlight += 1;
    let answered = false;
    return () => {
      if (answered) return;
      answered = true;
      this.inFlight -= 1;
      this.answered.push(this.deps.now());
      const waiting = this.waiters;
      this.waiters = [];
      for (const wake of waiting) wake();
    };
  }
}

/** One window per API and client id in this process: the limit is the client id's. */
const windows = new Map<string, RequestWindow>();

export function requestWindowFor(
  baseUrl: string,
  clientId: string,
  limit: RequestLimit,
  deps: RequestWindowDeps,
): RequestWindow {
  const id = `${baseUrl} ${clientId} ${limit.requests}/${limit.windowMs}`;
  let window = windows.get(id);
  if (!window) {
    window = new RequestWindow(limit, deps);
    windows.set(id, window);
  }
  return window;
}
