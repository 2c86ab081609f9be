import { describeError } from '../../partner-api/describe-error.js';
import type { ClassifiedFailure } from '../engine/call-failure.js';

/**
 * The client's error taxonomy in the engine's terms. `attempt` (Temporal's, 1-based) gives a 429
 * without Retry-After its spec back-off (1 s, 2 s, 4 s...).
 */
export function classifyClientFailure(error: unknown, attempt?: number): ClassifiedFailure {
  const description = describeError(error, attempt);
  const base = {
    message: description.message,
    ...(description.status !== undefined ? { httpStatus: description.status } : {}),
  };
  switch (description.type) {
    case 'PartnerApiCredentialError':
    case 'PartnerApiConfigError':
    case 'CredentialStoreError':
    case 'CredentialStoreLockTimeoutError':
      return { ...base, kind: 'credential' };
    case 'PartnerApiForbiddenError':
      return { ...base, kind: 'permission' };
    case 'PartnerApiRateLimitError':
      return { ...base, kind: 'rate-limited', retryAfterMs: description.retryAfterMs };
    case 'PartnerApiValidationError':
    case 'PartnerApiInvalidRequestError':
    case 'PartnerApiUnexpectedStatusError':
      return { ...base, kind: 'rejected', httpStatus: description.status ?? 400 };
    case 'PartnerApiNotFoundError':
      return { ...base, kind: 'not-found', httpStatus: 404 };
    case 'PartnerApiConflictError':
      return { ...base, kind: 'conflict', httpStatus: 409 };
  }
  if (description.ambiguous) return { ...base, kind: 'ambiguous' };
  return { ...base, kind: 'transient' };
}
