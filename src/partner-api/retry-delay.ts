import { PartnerApiError } from './errors.js';
import { API_RETRY_SCHEDULE, scheduledDelayMs } from './retry-schedule.js';

/** Exponential growth stops here; Temporal's maximum interval may cap it further. */
export const MAX_RETRY_DELAY_MS = API_RETRY_SCHEDULE.maximumDelayMs;

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
  if (error instanceof PartnerApiError) {
    if (error.kind === 'rate-limited') return error.retryAfterMs ?? scheduledDelayMs(attempt);
    return error.retryable ? scheduledDelayMs(attempt) : undefined;
  }
  const flags = error as { retryable?: unknown } | null;
  if (typeof flags === 'object' && flags !== null && flags.retryable === false) return undefined;
  return scheduledDelayMs(attempt);
}
