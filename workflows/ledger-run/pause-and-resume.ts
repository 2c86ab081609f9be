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
