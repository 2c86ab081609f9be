/**
 * The structured logging hook. Events carry what an operator needs to see traffic (method, path,
 * status, duration, attempt) and never a secret, token, signature, query string or body: paths
 * hold only UUIDs, and the query (which can carry customer names) is left out.
 */

/** One HTTP exchange with the API. */
interface PartnerApiRequestLogEvent {
  event: 'partner_api.request';
  method: string;
  /** Request path without the query string: `/partners/customers/3f9a…`. */
  path: string;
  /** Absent when no answer arrived. */
  status?: number;
  durationMs: number;
  /** The caller's attempt number (Temporal's `info.attempt`), 1 when not given. */
  attempt: number;
  /** 1 for the first send of this call; 2 or 3 after a token refresh or a clock correction. */
  send: number;
  outcome: 'ok' | 'error';
  /** The `PartnerApiError` kind when the exchange failed (`timeout`, `server`...). */
  errorType?: string;
  ambiguous?: boolean;
}

/** One token refresh (or a refresh skipped because another caller or process already did it). */
interface PartnerApiTokenLogEvent {
  event: 'partner_api.token_refresh';
  outcome: 'refreshed' | 'adopted' | 'error';
  /** Why a refresh was needed. */
  trigger: 'expiring' | 'rejected';
  durationMs: number;
  errorType?: string;
}

/** Every event the client emits. */
export type PartnerApiLogEvent = PartnerApiRequestLogEvent | PartnerApiTokenLogEvent;

/** The hook: called synchronously; exceptions it throws are swallowed. */
export type PartnerApiLogger = (event: PartnerApiLogEvent) => void;

/** Calls `logger`, shielding the request from a broken logger. */
export function emitLog(logger: PartnerApiLogger | undefined, event: PartnerApiLogEvent): void {
  if (!logger) return;
  try {
    logger(event);
  } catch {
    // Logging must never change the outcome of a call.
  }
}
