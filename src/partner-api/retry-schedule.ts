// The one retry schedule of API calls: the spec's back-off (1 s, 2 s, 4 s... up to a minute). The
// client's own retries (retryDelayMs, errors.ts) and Temporal's retry policy of the API activities
// (workflows/activity-proxies.ts) both read it. Pure data: workflow code imports it.

export const API_RETRY_SCHEDULE = {
  initialDelayMs: 1000,
  backoffCoefficient: 2,
  maximumDelayMs: 60_000,
  /** Attempts of one API activity before its rows fail (about 8 minutes of back-off). */
  maximumAttempts: 12,
} as const;

/** The delay before attempt `attempt + 1` after attempt `attempt` (1-based) failed. */
export function scheduledDelayMs(attempt: number): number {
  const step = Math.max(1, Math.floor(attempt));
  const { initialDelayMs, backoffCoefficient, maximumDelayMs } = API_RETRY_SCHEDULE;
  return Math.min(maximumDelayMs, initialDelayMs * backoffCoefficient ** Math.min(step - 1, 30));
}
