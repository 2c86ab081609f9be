import { PartnerApiError, type PartnerApiErrorDescription } from './errors.js';
import { retryDelayMs } from './retry-delay.js';

/**
 * The plain-data description of any error thrown by the client, for the one place in the
 * activities that converts errors to `ApplicationFailure`:
 *
 * ```ts
 * const d = describeError(error, Context.current().info.attempt);
 * throw ApplicationFailure.create({ type: d.type, message: d.message, nonRetryable: !d.retryable,
 *   nextRetryDelay: d.retryAfterMs, details: [d] });
 * ```
 *
 * With `attempt`, `retryAfterMs` is the delay `retryDelayMs` prescribes for a retryable error;
 * without it, only a delay the API dictated (Retry-After). Errors from outside the taxonomy are
 * described by their `name`, as retryable unless they say otherwise (credential store errors do).
 */
export function describeError(error: unknown, attempt?: number): PartnerApiErrorDescription {
  const base = describeWithoutDelay(error);
  if (attempt === undefined || !base.retryable) return base;
  const delay = retryDelayMs(error, attempt);
  return delay === undefined ? base : { ...base, retryAfterMs: delay };
}

function describeWithoutDelay(error: unknown): PartnerApiErrorDescription {
  if (error instanceof PartnerApiError) return error.toJSON();
  if (error instanceof Error) {
    const flags = error as Error & { retryable?: unknown; ambiguous?: unknown };
    return {
      type: error.name,
      message: error.message,
      retryable: typeof flags.retryable === 'boolean' ? flags.retryable : true,
      ambiguous: typeof flags.ambiguous === 'boolean' ? flags.ambiguous : false,
    };
  }
  return { type: 'Error', message: String(error), retryable: true, ambiguous: false };
}
