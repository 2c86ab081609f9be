import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { CONFIGURATION_ERROR } from '../src/migration/contracts/failure-types.js';
import { SourceOutsideRoot } from '../src/migration/staging/confine-source.js';
import { PausingCallError, RetryableCallError } from '../src/migration/engine/call-failure.js';
import { WorkspaceBindingRefused } from '../src/migration/workspace/workspace-binding.js';

/**
 * The one place where an error becomes a Temporal failure (docs/partner-api-client.md, "Errors"):
 * the class name is
 * the failure `type` workflows branch on; a 429's Retry-After becomes `nextRetryDelay`; credential,
 * permission and quota problems are non-retryable so the workflow pauses the run instead.
 */
export function toApplicationFailure(error: unknown): unknown {
  if (error instanceof SourceOutsideRoot || error instanceof WorkspaceBindingRefused) {
    return ApplicationFailure.create({
      type: CONFIGURATION_ERROR,
      message: error.message,
      nonRetryable: true,
    });
  }
  if (error instanceof PausingCallError) {
    return ApplicationFailure.create({
      type: error.type,
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
  return error;
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
