// What a run's readers learn of its calls over time: its call log's entries (src/migration/call-log/),
// read through the run's read model (src/migration/reporting/run-read-model.ts).
import type { StepName } from './steps.js';

/** One API call of a live run, as its call log holds it: every exchange, reads included. */
export interface RecordedCall {
  /** The migration step, or what else the call served (`verification`, `undo-snapshot`...). */
  step: StepName | (string & {});
  /** ISO time the call was sent. */
  sentAt: string;
}
