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
}

/** A previous call may have been applied: look in the workspace before sending again. */
export function needsReconciliation(attempt: UnitAttempt | undefined): boolean {
  return attempt?.state === 'sending' || attempt?.state === 'ambiguous';
}
