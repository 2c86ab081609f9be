// Pure types shared by workflows and activities: safe in workflow code (no runtime imports).
import type { PhaseName, RunMode, SnapshotResource, StepName, UnitRef } from './steps.js';

export type SourceFormat = 'generic' | 'xero' | 'quickbooks-desktop-iif' | 'quickbooks-online';

/**
 * Input of the `migrateLedger` workflow: one JSON object, so the Temporal UI's Start Workflow form
 * can send it. It names a connection profile, never a secret.
 */
export interface MigrateLedgerInput {
  /** Names the migration; the workflow id derives from it, so one migration never runs twice at once. */
  runName: string;
  /** `skipKinds`: kinds of transaction left out on purpose (src/sources/table-mapping/left-out.ts). */
  source: { folder: string; format: SourceFormat; overridesFile?: string; skipKinds?: string[] };
  /** Connection profile in the worker's credential store (`ledgerlift connect --profile`). */
  profile: string;
  /** Balances at this date come in as the opening balance; activity after it as documents. */
  cutoverDate: string;
  /** Verification date; defaults to the latest date in the ledger. */
  endDate?: string;
  /** The books' base currency; the workspace must be in it (default: the workspace's, read by the pre-check). */
  currency?: string;
  mode: RunMode;
  /** Rows per bulk call, 1 to 100 (default 25). */
  batchSize?: number;
  /** Steps to run (default: all, in dependency order). */
  steps?: StepName[];
  /** Go live even though some rows have blocking errors: those rows are skipped and reported. */
  skipInvalidRows?: boolean;
  /** API calls a step keeps in flight (default 4); the server-side rate limit paces them. */
  concurrency?: number;
  /**
   * The run's weight in the API budget it shares with the other runs of the client id (default 1):
   * a run of weight 3 beside two of weight 1 gets 3/5 of the calls (src/migration/contracts/fair-share.ts).
   */
  weight?: number;
  /** Live runs: finish by themselves when nothing failed and the books verify (default true). */
  finishWhenClean?: boolean;
  /**
   * Units a step child runs before it continues as new (default 600), which bounds its history.
   * Tests lower it to exercise continue-as-new on small ledgers.
   */
  unitsPerStepRun?: number;
}

export type RunPhase =
  | 'staging'
  | 'blocked'
  | 'migrating'
  | 'verifying'
  | 'reporting'
  | 'awaiting-operator'
  | 'replaying'
  | 'paused'
  | 'completed'
  | 'needs-review';

export interface RowCounts {
  planned: number;
  done: number;
  failed: number;
  skipped: number;
}

export interface StepProgress {
  step: StepName;
  status: 'waiting' | 'running' | 'paused' | 'done';
  phase?: PhaseName;
  rows: RowCounts;
  /** Units (API calls) of the current phase: total and finished. */
  units: { total: number; done: number };
  /** API calls made (live) or that would be made (dry run). */
  calls: number;
}

/**
 * The name of the query a run answers with its `RunProgress`: defined by the workflow
 * (workflows/handlers.ts) and asked by clients that may not import workflow code
 * (src/migration/reporting/runs-in-progress.ts).
 */
export const PROGRESS_QUERY = 'progress';

export interface RunProgress {
  runName: string;
  mode: RunMode;
  phase: RunPhase;
  round: number;
  steps: StepProgress[];
  calls: { made: number; remainingEstimate: number };
  /** Dry runs: the calls the live run will make (this run's reads and predicted writes, plus verification). */
  predictedLiveCalls?: number;
  /** API calls per minute over the last few minutes (a live run's; a dry run makes none: 0). */
  pacePerMinute: number;
  etaSeconds: number | null;
  /** The run's weight in the shared API budget, when one was given (MigrateLedgerInput.weight). */
  weight?: number;
  pauseReason?: string;
  /**
   * Why a blocked run stopped before writing (the workspace pre-check, or the exports); for a dry
   * run, why the live run would stop.
   */
  blockedReason?: string;
  /** When errors in the exports stop it: the first codes, for history (never their messages). */
  firstProblems?: ProblemBrief[];
  verification?: VerificationSummary;
  reportFolder?: string;
  /** The report's page in that folder (report.html), once written: what a consultant opens. */
  report?: string;
  /** The run's pauses, oldest first (the last few), with their reasons: the report lists them. */
  pauses?: PauseRecord[];
}

/** One pause of a run: when, why (the operator's words, or the problem that paused it), until when. */
export interface PauseRecord {
  /** ISO time the run paused. */
  at: string;
  reason: string;
  /** ISO time it resumed; absent while it is paused. */
  resumedAt?: string;
}

/**
 * One code of errors in the exports, as history may carry it: its count and where its first error
 * is (file, row, column). Never the message, which quotes the exports' cells; the report has it.
 */
export interface ProblemBrief {
  code: string;
  count: number;
  /** "customers.csv row 3, column \"Name\"" (src/ledger/problem.ts, formatLocation). */
  first?: string;
}

export interface VerificationSummary {
  verified: boolean;
  differences: number;
  clearingBalance: string;
  checkedAccounts: number;
  /**
   * What the books were compared with (absent in summaries of runs verified before it was
   * recorded). Counts and dates only: the legacy files are named in the report, not in history.
   */
  comparedWith?: VerificationBasis;
}

/** The target of a verification; contracts/verification-basis.ts says it in words. */
export type VerificationTarget =
  'legacy-trial-balance' | 'legacy-trial-balance-rolled-forward' | 'migrated-ledger';

/** Activity from the cutover on that the legacy opening balance is rolled forward by. */
export interface RolledForwardActivity {
  documents: number;
  payments: number;
  bankLines: number;
  journals: number;
}

/** What the expected books at the end date are, and which legacy figures they come from. */
export interface VerificationBasis {
  target: VerificationTarget;
  /** The end date: the date the books are compared at. */
  asOf: string;
  /**
   * The legacy trial balance's date: the end date, or the day before the cutover when its figures
   * are rolled forward. Absent when the exports hold no trial balance.
   */
  legacyAsOf?: string;
  /** When rolled forward: the migrated activity up to the end date. */
  rolledForward?: RolledForwardActivity;
}

/** What staging reports back: counts only, never rows. */
export interface StageSummary {
  stageId: string;
  endDate: string;
  rows: Record<StepName, number>;
  skipped: Record<StepName, number>;
  /** API calls each step's writes need at the batch size (snapshot reads not included). */
  estimatedCalls: Record<StepName, number>;
  problems: { error: number; warning: number; info: number };
  blocking: boolean;
  /** Left-out transactions: they block a live run even with skipInvalidRows (own-skip-errors.ts). */
  leftOut?: number;
}

export interface StageInput {
  runName: string;
  stageId: string;
  source: MigrateLedgerInput['source'];
  cutoverDate: string;
  endDate?: string;
  currency: string;
  batchSize: number;
  /** Set for replay rounds: the stage being corrected. */
  replayOf?: string;
}

/** Identifies a run's data namespace: the live run, or one dry run's predictions. */
export interface RunScope {
  runName: string;
  mode: RunMode;
  /** The stage whose rows this scope migrates. */
  stageId: string;
  profile: string;
  /** The run's weight in the shared API budget (MigrateLedgerInput.weight). */
  weight?: number;
}

export interface PlanPhaseInput {
  scope: RunScope;
  planId: string;
  step: StepName;
  phase: PhaseName;
  batchSize: number;
  /** Replay rounds: only rows whose latest outcome failed (optionally one error code). */
  replay?: { failedCode?: string };
}

export interface PhasePlan {
  units: number;
  /** Rows this phase covers; `done` counts rows already finished before it started. */
  rows: RowCounts;
}

export interface UnitInput {
  scope: RunScope;
  unit: UnitRef;
}

/** Outcome of one unit: finished (with row counts), or a previous attempt must be reconciled first. */
export type UnitResult =
  | { kind: 'done'; rows: Omit<RowCounts, 'planned'>; calls: number }
  | { kind: 'reconcile'; lookups: number };

export interface ReconcileInput extends UnitInput {
  /** Which lookup of the unit (0-based) and which page of it. */
  lookup: number;
  page: number;
}

export interface ReconcileResult {
  /** Another page of this lookup may hold the rest. */
  nextPage: number | null;
}

export interface SnapshotInput {
  scope: RunScope;
  planId: string;
  resource: SnapshotResource;
  page: number;
}

export type { SnapshotResource };

export interface ReplayRequest {
  /** Only this step's failed rows (default: every step). */
  step?: StepName;
  /** Only rows that failed with this code (for example `api.400`). */
  code?: string;
}

export interface SkipRequest {
  step?: StepName;
  code?: string;
  /** Only these legacy keys. */
  keys?: string[];
}
