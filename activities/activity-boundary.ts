import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { PartnerApiError } from '../src/partner-api/errors.js';
import { retryDelayMs } from '../src/partner-api/retry-delay.js';
import { withCallLog, type CallSite } from '../src/migration/call-log/write-call-log.js';
import {
  CONFIGURATION_ERROR,
  type PausingFailureType,
} from '../src/migration/contracts/failure-types.js';
import type { RunScope } from '../src/migration/contracts/workflow-types.js';
import { SourceOutsideRoot } from '../src/migration/staging/confine-source.js';
import { RetryableCallError } from '../src/migration/engine/call-failure.js';
import type { EngineDeps } from '../src/migration/engine/engine.js';
import { WorkspaceBindingRefused } from '../src/migration/workspace/workspace-binding.js';

/** Longer waits than this are a quota problem for the operator, not a pause between retries. */
const QUOTA_WAIT_LIMIT_MS = 5 * 60_000;

/** Temporal's attempt of the running activity; undefined outside one (tests calling directly). */
function activityAttempt(): number | undefined {
  try {
    return Context.current().info.attempt;
  } catch {
    return undefined;
  }
}

/**
 * The activity boundary: the one place where an error becomes a Temporal failure
 * (docs/partner-api-client.md, "Errors"). Its `type` (src/migration/contracts/failure-types.ts) is
 * what workflows branch on. A `PartnerApiError` is read by its kind: credential and configuration
 * problems, a 403 and a quota wait too long to sit out are non-retryable (the workflow pauses the
 * run); a 429 retries after its Retry-After (else the API schedule); a write that may have been
 * applied retries as `AmbiguousWrite`; anything else as `TransientFailure`. The message is the
 * error's own, already free of secrets.
 */
export function toApplicationFailure(error: unknown): unknown {
  if (error instanceof SourceOutsideRoot || error instanceof WorkspaceBindingRefused) {
    return ApplicationFailure.create({
      type: CONFIGURATION_ERROR,
      message: error.message,
      nonRetryable: true,
    });
  }
  if (error instanceof RetryableCallError) {
    return ApplicationFailure.create({
      type: error.type,
      message: error.message,
      ...(error.nextRetryDelayMs !== undefined ? { nextRetryDelay: error.nextRetryDelayMs } : {}),
    });
  }
  if (!(error instanceof PartnerApiError)) return error;
  switch (error.kind) {
    case 'credential':
    case 'config':
      return pausing('CredentialProblem', error.message);
    case 'forbidden':
      return pausing('PermissionDenied', error.message);
    case 'rate-limited': {
      const attempt = activityAttempt();
      const delayMs = attempt === undefined ? error.retryAfterMs : retryDelayMs(error, attempt);
      if ((delayMs ?? 0) > QUOTA_WAIT_LIMIT_MS) {
        return pausing(
          'QuotaExhausted',
          `${error.message} (the API asks to wait ${Math.round((delayMs ?? 0) / 1000)} s)`,
        );
      }
      return ApplicationFailure.create({
        type: 'RateLimited',
        message: error.message,
        ...(delayMs !== undefined ? { nextRetryDelay: delayMs } : {}),
      });
    }
    default:
      return ApplicationFailure.create({
        type: error.ambiguous ? 'AmbiguousWrite' : 'TransientFailure',
        message: error.message,
      });
  }
}

function pausing(type: PausingFailureType, message: string): ApplicationFailure {
  return ApplicationFailure.create({ type, message, nonRetryable: true });
}

/** Wraps an activity so every error it throws goes through `toApplicationFailure`. */
export function withFailureMapping<A extends unknown[], R>(fn: (...args: A) => Promise<R>) {
  return async (...args: A): Promise<R> => {
    try {
      return await fn(...args);
    } catch (error) {
      throw toApplicationFailure(error);
    }
  };
}

/**
 * Heartbeats while an activity's one API call is in flight, so a worker that dies mid-call is
 * noticed within the heartbeat timeout instead of the whole start-to-close timeout.
 */
export function withHeartbeats<A extends unknown[], R>(
  fn: (...args: A) => Promise<R>,
  everyMs = 2000,
) {
  return async (...args: A): Promise<R> => {
    const context = Context.current();
    const timer = setInterval(() => context.heartbeat(), everyMs);
    try {
      return await fn(...args);
    } finally {
      clearInterval(timer);
    }
  };
}

/**
 * Runs an activity's work with every API call it makes appended to the run's call log
 * (src/migration/call-log/write-call-log.ts), under the site `siteOf` names for its input.
 */
export async function loggingCalls<I, R>(
  deps: Pick<EngineDeps, 'openStore'>,
  scope: RunScope,
  siteOf: (input: I, attempt: number) => CallSite,
  input: I,
  work: () => Promise<R>,
): Promise<R> {
  const store = await deps.openStore(scope.runName);
  return withCallLog(store, siteOf(input, activityAttempt() ?? 1), work);
}
