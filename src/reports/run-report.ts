import type { LiveRunEstimate } from './live-run-estimate.js';
import type { SharedRunEstimate } from './estimate-under-sharing.js';
import type { Problem, SourceLocation } from '../ledger/index.js';
import type {
  AgingComparison,
  VerificationReport,
} from '../migration/contracts/verification-report.js';
import type { RunTimeline } from './run-timeline.js';
import type { RowCounts, RunPhase, RunProgress } from '../migration/contracts/workflow-types.js';
import type { StepName } from '../migration/contracts/steps.js';
import type { ReplayRound } from '../migration/contracts/replay-round.js';
import type { CallLogStepSummary } from '../migration/call-log/summarize-call-log.js';
import type { FailedRow, SkippedRow, StepTally } from '../migration/reporting/run-read-model.js';

export type { FailedRow };

/**
 * Everything a run's report shows, in the order a consultant reads it: what moved, what failed and
 * why (with file, row and column), whether the books verify, then the details. Rendered as JSON
 * (machines), XLSX (working through failures) and HTML (reading, printing to PDF).
 */
export interface RunReport {
  generatedAt: string;
  run: {
    runName: string;
    mode: 'dry-run' | 'live';
    phase: RunPhase;
    round: number;
    source: { folder: string; format: string };
    cutoverDate: string;
    endDate: string;
    currency: string;
    batchSize: number;
    profile: string;
  };
  /** One sentence: the verdict of the run. */
  headline: string;
  totals: RowCounts;
  calls: {
    /**
     * Calls made. Live runs: every call of the run's call log, reads and retried attempts included,
     * the calls its chart draws. Dry runs (and runs without a call log): the run's own count.
     */
    made: number;
    /**
     * Live runs: the run's own count of its calls when it differs from `made`, as the Web UI and
     * `ledgerlift status` showed it while the run worked (an attempt that failed and was retried
     * reports no calls). The run takes `made` once the report is written.
     */
    countedByRun?: number;
    /**
     * Dry runs: the calls the live run will make, and how long they take at the rate limit (alone,
     * and sharing the client id with other migrations: reports written before that have no `shared`).
     */
    predicted?: Omit<LiveRunEstimate, 'shared'> &
      Partial<Pick<LiveRunEstimate, 'shared'>> & {
        /** Beside the live migrations running when the report was written (newer reports). */
        underSharing?: SharedRunEstimate;
      };
  };
  steps: StepReport[];
  failedRows: FailedRow[];
  /** Fields the API did not apply (`_partnerWarnings`) and differences it reported back. */
  apiWarnings: Array<{
    step: StepName;
    entity: string;
    key: string;
    message: string;
    location?: SourceLocation;
  }>;
  /**
   * Problems found reading and validating the exports: in memory and in the HTML, the first
   * KEPT_PER_CODE of each code (src/collections/first-per-code.ts); report.json and report.xlsx
   * list every one, streamed from the run store as they are written (write-run-report.ts).
   */
  problems: Problem[];
  problemCounts: { error: number; warning: number; info: number };
  /**
   * How many problems each code had, kept or not (reports written before it existed have none:
   * their `problems` were all of them).
   */
  problemCodes?: ProblemCodeCount[];
  /**
   * Rows not migrated on purpose (invalid, before the cutover, settled, skipped by the operator):
   * in memory and in the HTML, the first KEPT_PER_CODE of each step and reason; report.json and
   * report.xlsx list every one, read from the run store as they are written.
   */
  skippedRows: SkippedRow[];
  /** How many rows were skipped in all (reports written before it existed listed them all). */
  skippedRowCount?: number;
  verification?: VerificationReport;
  /** The trial balance the books should show at the end date (from the migrated ledger). */
  projectedTrialBalance: Array<{ key: string; name: string; balance: string }>;
  progress: RunProgress;
  /** A live run's calls over time (absent in dry runs, and in reports written before it existed). */
  timeline?: RunTimeline;
  /** Receivables and payables by aging bucket (absent in reports written before it existed). */
  aging?: AgingComparison;
  /**
   * How many rows the ID map has (which legacy key became which workspace record). The rows are
   * in the workbook's ID map sheet only, written from the run store as they are read
   * (src/reports/write-run-report.ts).
   */
  idMapRows?: number;
  /** The API calls of the run per step, from its call log. */
  callLog?: CallLogStepSummary[];
  /** Live runs: each round so far, the main pass then each replay. */
  replayHistory?: ReplayRound[];
}

export interface ProblemCodeCount {
  severity: Problem['severity'];
  code: string;
  count: number;
}

export interface IdMapRow {
  entity: string;
  key: string;
  /** The workspace UUID. */
  id: string;
  step: StepName;
  how: 'created' | 'matched';
  /** 0 for the main pass, n for replay round n. */
  round: number;
}

/** A step's records by status, and the API calls it made (dry run: the live run would make). */
export interface StepReport extends StepTally {
  calls: number;
}
