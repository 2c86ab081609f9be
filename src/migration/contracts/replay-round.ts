import type { StepName } from './steps.js';

/** A row named in a round's history, with the failure it had (or still has). */
export interface RoundRow {
  step: StepName;
  entity: string;
  key: string;
  code?: string;
  reason?: string;
}

/**
 * One round of a live run, recorded when its report is written: round 0 is the main pass, each
 * replay a further round. Kept in the run store, so a later round's report still shows what failed
 * before (docs/reports.md, "Replay history").
 */
export interface ReplayRound {
  round: number;
  /** The stage the round migrated. */
  stage: string;
  /** When the round's report was written. */
  at: string;
  /** Rows failed when the round started (0 for the main pass). */
  failedBefore: number;
  /** Rows failed when it ended. */
  failedAfter: number;
  /** Rows that failed in this round (the main pass), or failed again (a replay). */
  failed: RoundRow[];
  /** Replays: rows that failed before and succeeded in this round. */
  fixed: RoundRow[];
  /** Rows skipped since the previous round: by the operator, or because what they need failed. */
  skipped: RoundRow[];
  /** Counts, exact even when the lists above are cut at `ROUND_ROWS_KEPT` rows each. */
  counts: { failed: number; fixed: number; skipped: number };
}

/** Rows kept per list of a round: the counts stay exact, the XLSX lists every failed row anyway. */
export const ROUND_ROWS_KEPT = 5_000;
