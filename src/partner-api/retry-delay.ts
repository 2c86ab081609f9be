import { PartnerApiError, PartnerApiRateLimitError } from './errors.js';

/** The fallback 429 back-off the spec suggests: 1 s, 2 s, 4 s, ... */
const RATE_LIMIT_BASE_MS = 1000;
/** Other transient failures start at the same second. */
const TRANSIENT_BASE_MS = 1000;
/** Exponential growth stops here; Temporal's maximum interval may cap it further. */
export const MAX_RETRY_DELAY_MS = 60_000;

/**
 * The single retry policy: how long to wait before attempt `attempt + 1`, given that attempt
 * `attempt` (1-based, Temporal's `info.attempt`) failed with `error`.
 *
 * - 429: the API's Retry-After when it sent one, else 1 s, 2 s, 4 s, ... by attempt.
 * - other retryable errors (network, timeout, 5xx): 1 s, 2 s, 4 s, ... by attempt.
 * - terminal errors: undefined (do not retry).
 *
 * Deterministic (no jitter) so tests and dry-run estimates can predict it.
 */
export function retryDelayMs(error: unknown, attempt: number): number | undefined {
  const step = Math.max(1, Math.floor(attempt));
  if (error instanceof PartnerApiRateLimitError) {
    if (error.retryAfterMs !== undefined) return error.retryAfterMs;
    return exponential(RATE_LIMIT_BASE_MS, step);
  }
  if (error instanceof PartnerApiError) {
    return error.retryable ? exponential(TRANSIENT_BASE_MS, step) : undefined;
  }
  const flags = error as { retryable?: unknown } | null;
  if (typeof flags === 'object' && flags !== null && flags.retryable === false) return undefined;
  return exponential(TRANSIENT_BASE_MS, step);
}

function exponential(baseMs: number, attempt: number): number {
  return Math.min(MAX_RETRY_DELAY_MS, baseMs * 2 ** Math.min(attempt - 1, 30));
}
