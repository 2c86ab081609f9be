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
}
