/**
 * Opening a connection to the PostgreSQL run store while the server restarts: refused, or "the
 * database system is starting up / shutting down". Nothing was sent on a connection that never
 * opened, so trying again is always safe; waiting here keeps a restart of a second or two from
 * failing every activity that touches the store, which Temporal would then retry seconds later
 * (docs/reliability.md). Bounded: a server that stays down fails the caller after `budgetMs`.
 */
export interface ConnectRetry {
  /** The first wait; each next one doubles, up to `maxDelayMs`. */
  initialDelayMs: number;
  maxDelayMs: number;
  /** No new attempt starts once this much time has been spent waiting. */
  budgetMs: number;
  sleep: (ms: number) => Promise<void>;
}

const RUN_STORE_CONNECT_RETRY: ConnectRetry = {
  initialDelayMs: 50,
  maxDelayMs: 500,
  budgetMs: 30_000,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Errors of a server that is not accepting connections yet (or any more): worth a new try. */
const TRANSIENT_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  // cannot_connect_now (starting up, shutting down, in recovery), admin_shutdown, crash_shutdown
  '57P03',
  '57P01',
  '57P02',
]);

function isTransientConnectError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return TRANSIENT_CODES.has(code);
  // node-postgres reports a socket the server closed during the handshake without a code.
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && /Connection terminated/i.test(message);
}

/** `connect()`, tried again on a transient error until it succeeds or the budget is spent. */
export async function connectWithRetry<T>(
  connect: () => Promise<T>,
  retry: ConnectRetry = RUN_STORE_CONNECT_RETRY,
): Promise<T> {
  let waited = 0;
  let delay = retry.initialDelayMs;
  for (;;) {
    try {
      return await connect();
    } catch (error) {
      if (!isTransientConnectError(error) || waited >= retry.budgetMs) throw error;
      await retry.sleep(delay);
      waited += delay;
      delay = Math.min(retry.maxDelayMs, delay * 2);
    }
  }
}
