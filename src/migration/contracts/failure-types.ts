// The `type` of every ApplicationFailure the activities raise, as constants the workflows import:
// the activity boundary (activities/activity-boundary.ts) makes each API failure one of these
// types, and the workflow side (workflows/activity-proxies.ts, workflows/migrate-step.ts) only
// branches on them.

/** Failures no retry can fix: the step pauses until the operator resumes it. */
export const PAUSING_FAILURE_TYPES = [
  'CredentialProblem',
  'PermissionDenied',
  'QuotaExhausted',
] as const;
export type PausingFailureType = (typeof PAUSING_FAILURE_TYPES)[number];

/** Failures Temporal retries on the API schedule (src/partner-api/retry-schedule.ts). */
export type RetryingFailureType =
  | 'AmbiguousWrite'
  | 'TransientFailure'
  | 'RateLimited'
  // An answer Ledgerlift cannot read (the client's unexpected-response): for a write, the API did
  // apply it, and the unit finds its rows before it sends again.
  | 'UnexpectedResponse'
  // The call waited too long before its send (src/migration/sending/send-deadline.ts): requeued.
  | 'StalledBeforeSend';

/** Input or settings that cannot work: the run fails at once, naming what to fix. */
export const CONFIGURATION_ERROR = 'ConfigurationError';

export function isPausingFailureType(type: string | undefined): type is PausingFailureType {
  return (PAUSING_FAILURE_TYPES as readonly (string | undefined)[]).includes(type);
}
