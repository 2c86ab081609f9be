import type { IsoDate } from '../ledger/index.js';

/** The migration window and base currency that validation checks records against. */
export interface ValidationSettings {
  /**
   * The first day of activity in the workspace: the opening balance is the legacy trial balance as
   * at the day before; activity on or after it comes in as documents.
   */
  cutoverDate: IsoDate;
  /** Last day of activity to migrate (the closing trial balance's date), when known. */
  endDate?: IsoDate;
  /** The workspace's currency (ISO 4217). */
  baseCurrency: string;
}
