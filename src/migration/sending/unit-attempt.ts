/**
 * What the run store remembers about a unit's calls. Written before the call is sent, so a crash at
 * any instant leaves evidence that the call may have been applied.
 */
export interface UnitAttempt {
  /** sending: a call was (maybe) on the wire; ambiguous: it failed after sending; done: answered. */
  state: 'sending' | 'ambiguous' | 'not-sent' | 'reconciled' | 'done';
  attempts: number;
  /**
   * When this unit first sent (ISO), to bound reconciliation scans. Unset while it has never sent:
   * rows an earlier unit may have created are then looked for without a time bound.
   */
  firstStartedAt?: string;
  /** When the latest call was sent (ISO): an ambiguous one is looked for only once it has settled. */
  lastSentAt?: string;
  /**
   * The latest call was answered 2xx but the answer could not be read: the API has finished with
   * it, so there is nothing to wait for before looking for its rows.
   */
  answered?: true;
}

/** A previous call may have been applied: look in the workspace before sending again. */
export function needsReconciliation(attempt: UnitAttempt | undefined): boolean {
  return attempt?.state === 'sending' || attempt?.state === 'ambiguous';
}

/**
 * How long to wait before looking for the rows of a call that may have been applied. The API has no
 * idempotency key: a server still holding the request could apply it after our lookup found
 * nothing, and the resend would then duplicate it. Zero once the call has settled.
 */
export function settleDelayMs(
  attempt: UnitAttempt | undefined,
  settleMs: number,
  now: Date,
): number {
  const sentAt = attempt?.lastSentAt ?? attempt?.firstStartedAt;
  if (!needsReconciliation(attempt) || sentAt === undefined || attempt?.answered) return 0;
  return Math.max(0, Date.parse(sentAt) + settleMs - now.getTime());
}
