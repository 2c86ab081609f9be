// The verification's findings as stored in the run store and read by reports and the CLI.
import type {
  VerificationBasis,
  VerificationSummary,
  VerificationTarget,
} from './workflow-types.js';

export interface Comparison {
  key: string;
  name: string;
  expected: string;
  actual: string;
  difference: string;
  /** A probable cause in words, when one is known (differences only). */
  cause?: string;
  /**
   * Where the expected figure comes from: the legacy file and row of its trial balance line, and
   * the files of the activity it was rolled forward by ("TrialBalance.csv row 12; Bills.csv").
   */
  expectedFrom?: string;
}

export interface VerificationReport
  extends Omit<VerificationSummary, 'comparedWith'>, VerificationBasis {
  asOf: string;
  /**
   * What the books were compared with: the legacy trial balance at the end date, the legacy trial
   * balance as at the day before the cutover rolled forward by the migrated activity, or (only when
   * the exports hold no trial balance) the migrated ledger.
   */
  target: VerificationTarget;
  /** The legacy files the trial balance compared with was read from (none for the migrated ledger). */
  legacyFiles?: string[];
  /** Live runs: the workspace's figures; dry runs: the projection of the books after migrating. */
  source: 'workspace' | 'projection';
  accounts: Comparison[];
  receivables: Comparison[];
  payables: Comparison[];
  /** The migrated ledger against the legacy trial balance, when the export has one. */
  ledgerAgainstLegacy: Comparison[];
  notes: string[];
  /** Live runs: the exchange differences booked on foreign documents (docs/accounting.md). */
  exchangeDifferences?: Array<{
    entity: 'invoice' | 'bill';
    key: string;
    currency: string;
    partyKey: string;
    amount: string;
  }>;
}

/** The aging buckets of the spec's aged receivables and payables reports, in their order. */
export const agingBuckets = ['current', '1-30', '31-60', '61-90', '90+'] as const;
export type AgingBucket = (typeof agingBuckets)[number];

/** Amount due per bucket (money strings), at the end date. */
export type AgingByBucket = Record<AgingBucket, string>;

/**
 * Aged receivables and payables by bucket: the legacy documents open at the end date, aged by
 * their due dates, against the workspace's aging reports (live runs only).
 */
export interface AgingComparison {
  asOf: string;
  receivable: { legacy: AgingByBucket; workspace?: AgingByBucket };
  payable: { legacy: AgingByBucket; workspace?: AgingByBucket };
}
