// What a run's readers learn of its calls over time, from the outcome log (src/migration/reporting/recorded-calls.ts).
import type { StepName } from './steps.js';

/** One API call of a live run that settled rows: when it was sent, and what became of its rows. */
export interface RecordedCall {
  step: StepName;
  /** ISO time the call was sent. */
  sentAt: string;
  /** Rows it created or matched. */
  rowsDone: number;
  /** Rows the API refused. */
  rowsFailed: number;
}
