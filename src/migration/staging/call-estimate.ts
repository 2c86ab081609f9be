import { stepNames, type StepName } from '../contracts/steps.js';

/** What staging counts so the run can predict its calls before planning them. */
export interface CallEstimateCounts {
  rows: Record<StepName, number>;
  /** Accounts that map onto the workspace's system accounts: no call. */
  systemAccounts: number;
  /** Documents dated before the cutover that were settled by then: no call. */
  settledBeforeCutover: { invoices: number; bills: number };
  payments: number;
  /** Payments whose transaction is split into parts (several allocations, or a remainder). */
  splitPayments: number;
  allocations: number;
  /** Distinct credit notes with applications; distinct bills with vendor credits applied. */
  creditGroups: number;
  vendorCreditGroups: number;
  /**
   * The invoices' reclassification journals: one per month with taxed invoices (their tax to the
   * tax account), and one per month and account with sales lines on an account other than income.
   */
  taxMonths: number;
}

/**
 * The write calls each step needs at the batch size: bulk routes take a batch per call, the others
 * one record per call. Matching existing records can only lower it; reads are not included.
 */
export function estimateCalls(
  counts: CallEstimateCounts,
  batchSize: number,
): Record<StepName, number> {
  const batches = (rows: number) => Math.ceil(rows / batchSize);
  const estimate = Object.fromEntries(stepNames.map((step) => [step, 0])) as Record<
    StepName,
    number
  >;
  estimate.accounts = batches(counts.rows.accounts - counts.systemAccounts + 1);
  estimate.customers = batches(counts.rows.customers);
  estimate.vendors = counts.rows.vendors;
  estimate.products = counts.rows.products;
  estimate['opening-balance'] = 1 + (counts.rows['opening-balance'] > 0 ? 1 : 0);
  estimate.invoices =
    counts.rows.invoices - counts.settledBeforeCutover.invoices + counts.taxMonths;
  estimate.bills = counts.rows.bills - counts.settledBeforeCutover.bills;
  estimate['bank-transactions'] = batches(counts.rows['bank-transactions']);
  estimate['journal-entries'] = counts.rows['journal-entries'];
  estimate.payments =
    batches(counts.payments) +
    counts.splitPayments +
    counts.allocations +
    counts.creditGroups +
    counts.vendorCreditGroups;
  return estimate;
}
