import type { EntityName } from '../../ledger/index.js';
import type { MappingContext } from '../table-mapping/mapping-context.js';
import type { RowFields } from '../table-mapping/row-fields.js';
import type { AnyMapped, AnyTableSpec, DerivedTable } from '../table-mapping/table-spec.js';

/** One pass over the IIF file (or a companion table) yielding one entity, in dependency order. */
export type IifPass =
  | {
      kind: 'list';
      entity: EntityName;
      /** The row type read, e.g. "ACCNT". */
      rowType: string;
      map(row: RowFields, context: MappingContext): AnyMapped[];
    }
  | {
      kind: 'transaction';
      entity: EntityName;
      /** Maps a TRNS … ENDTRNS block; returns [] for transaction types of other passes. */
      map(trns: RowFields, splits: readonly RowFields[], context: MappingContext): AnyMapped[];
    }
  /** A CSV/XLSX companion export (QuickBooks Desktop's reports). */
  | { kind: 'table'; spec: AnyTableSpec }
  /** Records derived from what the passes before it read (a report's transactions). */
  | { kind: 'derived'; step: DerivedTable };

/** Visits the TRNS row of every transaction of the IIF files, problems ignored (reading ahead). */
export type IifTransactionScanner = (visit: (trns: RowFields) => void) => Promise<void>;

/** A QuickBooks Desktop IIF mapping: passes in entity order. */
export interface IifMapping {
  passes: readonly IifPass[];
  /** Reads facts ahead of the passes, e.g. which kinds of transaction the IIF files hold. */
  prepare?: (scan: IifTransactionScanner, context: MappingContext) => Promise<void>;
}
