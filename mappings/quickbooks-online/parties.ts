import type { Party } from '../../src/ledger/index.js';
import type { Mapped, TableSpec } from '../../src/sources/table-mapping/table-spec.js';
import { compact } from '../shared/document-parts.js';
import { problemOf } from '../../src/ledger/problem-catalog.js';
import type { MappingContext } from '../../src/sources/table-mapping/mapping-context.js';
import type { RowFields } from '../../src/sources/table-mapping/row-fields.js';

const columns = [
  {
    id: 'Name',
    headers: ['Name', 'Customer', 'Vendor', 'Supplier', 'Display Name'],
    required: true,
  },
  { id: 'Company', headers: ['Company', 'Company name'] },
  { id: 'Email', headers: ['Email'] },
  { id: 'Phone', headers: ['Phone'] },
  { id: 'Mobile', headers: ['Mobile'] },
  { id: 'Website', headers: ['Website'] },
  { id: 'Street', headers: ['Street', 'Billing Address Line 1', 'Address'] },
  { id: 'City', headers: ['City'] },
  { id: 'State', headers: ['State'] },
  { id: 'ZIP', headers: ['ZIP', 'Zip', 'Postal Code'] },
  { id: 'Country', headers: ['Country'] },
  { id: 'Tax ID', headers: ['Resale No.', 'Tax ID', 'Resale No.|Tax ID', 'Business ID No.'] },
  { id: 'Terms', headers: ['Terms'] },
  { id: 'Currency', headers: ['Currency'] },
];

/**
 * QuickBooks Online customer and vendor lists. A sub-customer ("Customer:Job") is merged into its
 * customer: the canonical ledger has no jobs, and documents for the job resolve to the customer.
 */
function partyTable<E extends 'customer' | 'vendor'>(entity: E): TableSpec<E> {
  return {
    id: entity === 'customer' ? 'customers' : 'vendors',
    entity,
    fileNames:
      entity === 'customer'
        ? ['customers', 'customer list', 'customer contact list']
        : ['vendors', 'suppliers', 'vendor list', 'supplier list', 'vendor contact list'],
    columns,
    map([row], context) {
      if (!row) return [];
      const name = row.required('Name');
      if (!name) return [{ entity, location: row.location(), problems: [] }];
      const at = name.indexOf(':');
      if (entity === 'customer' && at > 0) {
        mergeJobIntoCustomer(row, context, name, name.slice(0, at).trim());
        return [];
      }
      const address = compact({
        street: row.text('Street'),
        city: row.text('City'),
        state: row.text('State'),
        zipCode: row.text('ZIP'),
        country: row.text('Country'),
      });
      const value: Party = compact({
        key: name,
        name,
        email: row.text('Email'),
        phone: row.text('Phone') ?? row.text('Mobile'),
        website: row.text('Website'),
        taxNumber: row.text('Tax ID'),
        paymentTerm: row.text('Terms'),
        currency: row.text('Currency')?.toUpperCase(),
        billingAddress: Object.keys(address).length ? address : undefined,
        active: true,
        source: row.location(),
      });
      const mapped: Mapped<E> = {
        entity,
        value: value as Mapped<E>['value'],
        location: row.location(),
        problems: [],
      };
      return [mapped];
    },
  };
}

export const quickBooksOnlineCustomers = partyTable('customer');
export const quickBooksOnlineVendors = partyTable('vendor');

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
