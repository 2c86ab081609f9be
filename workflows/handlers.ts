import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import {
  PROGRESS_QUERY,
  type ReplayRequest,
  type RunProgress,
  type SkipRequest,
  type StepProgress,
} from '../src/migration/contracts/workflow-types.js';

/**
 * Operator-facing handlers. Each takes exactly one JSON object, which is what the Temporal UI (and
 * `temporal workflow signal|update|query --input '{...}'`) sends.
 */

/** Per step: planned, done, failed and skipped rows; calls made; ETA at the current pace. */
export const progressQuery = defineQuery<RunProgress>(PROGRESS_QUERY);

/** Stop scheduling API calls; calls in flight finish. */
export const pauseSignal = defineSignal<[{ reason?: string }]>('pause');

/** Continue after a pause (the operator's, or one caused by a credential or quota problem). */
export const resumeSignal = defineSignal<[Record<string, never>]>('resume');

/**
 * True when a pausing failure came from an attempt scheduled before the operator's last resume,
 * while the run (or the undo) is running: the operator has acted since (reconnected, waited out a
 * quota), so the attempt is tried again rather than pausing again.
 */
export function answeredByLastResume(
  operator: { paused: boolean; lastResumedAt: number | undefined },
  attemptStartedAt: number | undefined,
): boolean {
  return (
    !operator.paused &&
    attemptStartedAt !== undefined &&
    operator.lastResumedAt !== undefined &&
    attemptStartedAt < operator.lastResumedAt
  );
}

/** End a live run that is waiting for replays; it closes as completed or needs-review. */
export const finishSignal = defineSignal<[Record<string, never>]>('finish');

/**
 * Replay failed rows (all, or one step's, or one error code's) after re-reading the source files,
 * so corrections made in the files are picked up. Answers how many rows each step will replay.
 */
export const retryFailedRowsUpdate = defineUpdate<
  { round: number; rows: Record<string, number> },
  [ReplayRequest]
>('retryFailedRows');

/** Mark failed rows as skipped (the consultant will handle them by hand). Answers how many. */
export const skipRowsUpdate = defineUpdate<{ skipped: number }, [SkipRequest]>('skipRows');

/** Internal: a step child reports its progress to the run. */
export const stepProgressSignal = defineSignal<[StepProgress]>('stepProgress');

/**
 * Internal: a step child paused itself on a credential or quota problem. `attemptStartedAt` is the
 * child's workflow time when the failed attempt was scheduled, so the run can tell a failure the
 * operator's last resume already answered from a new one.
 */
export const stepPausedSignal =
  defineSignal<[{ step: string; reason: string; attemptStartedAt: number }]>('stepPaused');
