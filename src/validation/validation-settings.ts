import type { IsoDate } from '../ledger/index.js';

/** The migration window and base currency that validation checks records against. */
export interface ValidationSettings {
  /** Balances at this date come in as the opening balance; activity on or after it as documents. */
  cutoverDate: IsoDate;
  /** Last day of activity to migrate (the closing trial balance's date), when known. */
  endDate?: IsoDate;
  /** The workspace's currency (ISO 4217). */
  baseCurrency: string;
}
