import type { StepName } from '../contracts/steps.js';

/** What one staging pass is told: its id, the migration window, the currency, the batch size. */
export interface StageSettings {
  stageId: string;
  cutoverDate: string;
  /**
   * Last day of the migration window; defaults to the legacy trial balance's date, else the latest
   * date in the ledger.
   */
  endDate?: string;
  baseCurrency: string;
  /** Rows per bulk call, for the call estimate. */
  batchSize: number;
  /**
   * The steps whose rows are written, all unless told; the others are only counted. Validate's
   * prediction reads the accounts alone (src/migration/verification/predict-verdict.ts), and
   * writing every other row to a store it then deletes was a tenth of its time.
   */
  rowsKept?: readonly StepName[];
}
