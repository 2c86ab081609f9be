import { problemOf } from '../../src/ledger/problem-catalog.js';
import type { MappingContext } from '../../src/sources/table-mapping/mapping-context.js';
import type { RowFields } from '../../src/sources/table-mapping/row-fields.js';

/**
 * Merges a QuickBooks job ("Customer:Job") into its customer, since the ledger has no jobs: the
 * job's name then finds the customer, and the consultant is told.
 */
export function mergeJobIntoCustomer(
  row: RowFields,
  context: MappingContext,
  job: string,
  parent: string,
): void {
  const parentKey = context.index.partyKey('customer', parent) ?? parent;
  context.index.aliasParty('customer', job, parentKey);
  context.report(
    problemOf(
      'customer.job-merged',
      `Job "${job}" is merged into customer "${parent}"; its documents are migrated to that customer.`,
      { location: row.location(), entity: 'customer', key: parentKey },
    ),
  );
}
