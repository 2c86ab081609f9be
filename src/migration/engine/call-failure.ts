import type { PausingFailureType, RetryingFailureType } from '../contracts/failure-types.js';

/**
 * How the engine sees a failed API call, whatever client made it. The activity layer turns the
 * errors below into Temporal failures at one point (activities/to-application-failure.ts).
 */
export type CallFailureKind =
  /** The request may have been applied (timeout or reset after sending, or a 5xx to a write). */
  | 'ambiguous'
  /** Nothing was applied and trying again may work (network before sending, 5xx to a read). */
  | 'transient'
  | 'rate-limited'
  /** The API refused the request (400): the rows fail with its reason. */
  | 'rejected'
  | 'not-found'
  | 'conflict'
  /** Tokens are gone or refused even after a refresh: the operator must reconnect. */
  | 'credential'
  /** 403: the credential lacks access; the operator must grant it. */
  | 'permission';

export interface ClassifiedFailure {
  kind: CallFailureKind;
  /** The API's reason or the transport's, free of secrets. */
  message: string;
  httpStatus?: number | undefined;
  retryAfterMs?: number | undefined;
}

export type FailureClassifier = (error: unknown) => ClassifiedFailure;

/** Longer waits than this are a quota problem for the operator, not a pause between retries. */
export const QUOTA_WAIT_LIMIT_MS = 5 * 60_000;

/** A failure Temporal should retry, after `nextRetryDelayMs` when the API said how long. */
export class RetryableCallError extends Error {
  constructor(
    readonly type: RetryingFailureType,
    message: string,
    readonly nextRetryDelayMs?: number,
  ) {
    super(message);
    this.name = type;
  }
}

/** A failure no retry fixes: the run pauses until the operator resumes it. */
export class PausingCallError extends Error {
  constructor(
    readonly type: PausingFailureType,
    message: string,
  ) {
    super(message);
    this.name = type;
  }
}
