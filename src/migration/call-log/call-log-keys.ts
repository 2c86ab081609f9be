import type { CallPurpose } from './call-log-entry.js';

/** Calls per segment: a 200,000-call run keeps files of a size an editor or `jq` opens at once. */
export const CALLS_PER_SEGMENT = 10_000;

/** Where the call log's segments are listed (documents) and kept (logs, same names). */
export const CALL_LOG_PREFIX = 'calls/';

/**
 * The segment a call goes to: one per stage, step and purpose, and per 10,000 units or pages. The
 * unit index or page number decides it, so workers on several machines agree without talking.
 */
export function callLogSegment(
  stage: string,
  step: string,
  purpose: CallPurpose,
  ordinal: number,
): string {
  const bucket = String(Math.floor(Math.max(0, ordinal) / CALLS_PER_SEGMENT)).padStart(3, '0');
  return `${CALL_LOG_PREFIX}${stage}/${step}/${purpose}-${bucket}`;
}
