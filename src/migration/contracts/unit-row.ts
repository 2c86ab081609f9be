import type { SourceLocation } from '../../ledger/index.js';

/** A row of a unit: what one API call carries for one record, keyed for the outcome log. */
export interface UnitRow<D = unknown> {
  entity: string;
  key: string;
  location?: SourceLocation | undefined;
  data: D;
}
