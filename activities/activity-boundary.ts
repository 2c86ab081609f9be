import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { PartnerApiError } from '../src/partner-api/errors.js';
import { retryDelayMs } from '../src/partner-api/errors.js';
import { withCallLog, type CallSite } from '../src/migration/call-log/write-call-log.js';
import {
  CONFIGURATION_ERROR,
  type PausingFailureType,
} from '../src/migration/contracts/failure-types.js';
import type { RunScope } from '../src/migration/contracts/workflow-types.js';
import { SourceFolderMissing, SourceOutsideRoot } from '../src/migration/staging/confine-source.js';
import { ExportsTooLargeForHeap } from '../src/migration/staging/ledger-reader-thread.js';
import { RetryableCallError } from '../src/migration/engine/call-failure.js';
import type { EngineDeps } from '../src/migration/engine/engine.js';
import { WorkspaceBindingRefused } from '../src/migration/workspace/workspace-binding.js';

/** Longer waits than this are a quota problem for the operator, not a pause between retries. */
const QUOTA_WAIT_LIMIT_MS = 5 * 60_000;

/** Temporal's attempt of the running activity; undefined outside one (tests calling directly). */
function activityAttempt(): number | undefined {
  return currentContext()?.info.attempt;
}

/**
 * The activity boundary: the one place where an error becomes a Temporal failure
 * (docs/partner-api-client.md, "Errors"). Its `type` (src/migration/contracts/failure-types.ts) is
 * what workflows branch on. A `PartnerApiError` is read by its kind: credential and configuration
 * problems, a 403 and a quota wait too long to sit out are non-retryable (the workflow pauses the
 * run); a 429 retries after its Retry-After (else the API schedule); an answer Ledgerlift cannot
 * read retries as `UnexpectedResponse`; any other write that may have been applied as
 * `AmbiguousWrite`; anything else as `TransientFailure`. The message is the error's own, already
 * free of secrets.
 */
export function toApplicationFailure(error: unknown): unknown {
  if (
    error instanceof SourceOutsideRoot ||
    error instanceof SourceFolderMissing ||
    error instanceof ExportsTooLargeForHeap ||
    error instanceof WorkspaceBindingRefused
  ) {
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
    case 'unexpected-response':
      // Its own type, read or write: the API and Ledgerlift disagree on a shape, which a retry
      // alone rarely mends. A write's unit looks its rows up before it sends again
      // (src/migration/sending/execute-unit.ts).
      return ApplicationFailure.create({ type: 'UnexpectedResponse', message: error.message });
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

/** The running activity's context, or undefined outside one (tests calling an activity directly). */
function currentContext(): Context | undefined {
  try {
    return Context.current();
  } catch {
    return undefined;
  }
}

/**
 * Heartbeats while an activity runs, three times per heartbeat timeout, so that timeout notices a
 * worker that died or stalled, and never fails an activity for running long: the run-store
 * activities allow a minute between heartbeats, and at a million records writing the reports took
 * longer and failed five times over (docs/benchmarks.md, "A million records"). Without a heartbeat
 * timeout, or outside an activity, it just runs.
 */
function withHeartbeats<A extends unknown[], R>(fn: (...args: A) => Promise<R>) {
  return async (...args: A): Promise<R> => {
    const context = currentContext();
    const timeoutMs = context?.info.heartbeatTimeoutMs;
    if (!context || !timeoutMs) return fn(...args);
    const timer = setInterval(() => context.heartbeat(), Math.max(timeoutMs / 3, 100));
    try {
      return await fn(...args);
    } finally {
      clearInterval(timer);
    }
  };
}

/**
 * Every activity with `withHeartbeats`, but those named in `heartbeatingProgress`: they heartbeat
 * their progress themselves, as details a retry resumes from, which an empty heartbeat would
 * overwrite.
 */
export function keptAlive<T extends Record<string, (...args: never[]) => Promise<unknown>>>(
  activities: T,
  heartbeatingProgress: ReadonlyArray<keyof T>,
): T {
  const kept: Record<string, unknown> = {};
  for (const [name, activity] of Object.entries(activities)) {
    kept[name] = heartbeatingProgress.includes(name)
      ? activity
      : withHeartbeats(activity as (...args: unknown[]) => Promise<unknown>);
  }
  return kept as T;
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
