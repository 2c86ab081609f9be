import { PartnerApiError, type PartnerApiErrorKind } from '../../partner-api/errors.js';
import type { RetryingFailureType } from '../contracts/failure-types.js';

/**
 * What a failed API call means for a unit. The engine reads the client's one typed error
 * (`PartnerApiError`, src/partner-api/errors.ts) directly and rethrows it when the call must be
 * tried again; the activity boundary (activities/activity-boundary.ts) turns it into the
 * Temporal failure the workflow branches on.
 */

/** The kinds by which the API refused the request: the rows fail with its reason, and its status. */
const REFUSED_STATUS: Partial<Record<PartnerApiErrorKind, number>> = {
  validation: 400,
  'invalid-request': 400,
  'unexpected-status': 400,
  'not-found': 404,
  conflict: 409,
};

/**
 * The row failure of a call the API refused, applying nothing (`api.400`, `api.404`...); undefined
 * otherwise. An answer that may follow a commit (a status the spec does not list, answering a
 * write) is no refusal, whatever its kind: the rows are looked for before they are sent again.
 */
export function refusalOf(error: unknown): { code: string; reason: string } | undefined {
  if (!(error instanceof PartnerApiError) || error.ambiguous) return undefined;
  const status = REFUSED_STATUS[error.kind];
  if (status === undefined) return undefined;
  // A refusal the client made itself (`invalid-request`) has no status: it reads as a 400.
  return { code: `api.${error.status ?? status}`, reason: error.message };
}

/**
 * Whether a failed call may have been applied. Only the client's own error can say it was not: a
 * refusal, or a failure it proved came before the send. Anything else may have followed the send
 * (a bug or a schema mismatch reading the answer, an error the client did not classify), and the
 * API has no idempotency key: the rows are looked for before they are sent again.
 */
export function mayHaveApplied(error: unknown): boolean {
  return !(error instanceof PartnerApiError) || error.ambiguous;
}

/**
 * Whether the API answered the failed write with a 2xx that Ledgerlift could not read: the API
 * has finished with it, so nothing of it can still land later, and its rows can be looked for at
 * once rather than after the settle window (src/migration/sending/unit-attempt.ts).
 */
export function answeredAndApplied(error: unknown): boolean {
  return (
    error instanceof PartnerApiError && error.kind === 'unexpected-response' && error.ambiguous
  );
}

/**
 * A retry the engine asks for itself, no API failure behind it: an earlier call may still be
 * applied, or the call waited too long for its send. Temporal retries it after `nextRetryDelayMs`.
 */
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
