import type { Address, Party } from '../../src/ledger/index.js';
import type { MappingContext } from '../../src/sources/table-mapping/mapping-context.js';
import type { RowFields } from '../../src/sources/table-mapping/row-fields.js';
import type {
  Mapped,
  TableScanner,
  TableSpec,
} from '../../src/sources/table-mapping/table-spec.js';
import { problemOf } from '../../src/ledger/problem-catalog.js';
import { compact } from '../shared/document-parts.js';
import { contactIdentityColumns, contacts, sharedFileTable } from './export-layouts.js';

const contactColumns = [
  ...contactIdentityColumns,
  'PhoneNumber',
  'MobileNumber',
  'Website',
  'TaxNumber',
  'DueDateSalesDay',
  'DueDateSalesTerm',
  'DueDateBillDay',
  'DueDateBillTerm',
  'SalesAccount',
  'PurchasesAccount',
  'AccountsReceivableTaxCodeName',
  'AccountsPayableTaxCodeName',
  'DefaultCurrency',
].map((id) => ({ id, headers: [id], required: id === 'ContactName' }));

const ROLES = 'xero.contactRoles';

interface ContactRoles {
  customers: Set<string>;
  vendors: Set<string>;
}

/**
 * Xero's contact export does not say who is a customer and who a supplier: a contact is a customer
 * when it appears on a sales invoice, the aged receivables or a receivable row of Account
 * Transactions, has a sales account or sales tax default, or is set so in the override file's
 * "contactRoles"; likewise for suppliers.
 */
export async function gatherContactRoles(
  scan: TableScanner,
  context: MappingContext,
  alongside?: (table: 'invoices' | 'bills') => (fields: RowFields) => void,
): Promise<void> {
  const roles: ContactRoles = { customers: new Set(), vendors: new Set() };
  const collect = (set: Set<string>, table: 'invoices' | 'bills') => {
    // Whatever else must be learnt from the document rows is learnt in the same pass over them.
    const other = alongside?.(table);
    return (fields: RowFields) => {
      const name = fields.text('ContactName');
      if (name) set.add(name.toLowerCase());
      other?.(fields);
    };
  };
  await scan('invoices', collect(roles.customers, 'invoices'));
  await scan('bills', collect(roles.vendors, 'bills'));
  // Without the document exports, the reports say who sells and who buys: the aged reports by
  // their contact headings, Account Transactions by its receivable and payable rows.
  const heading = (set: Set<string>) => (fields: RowFields) => {
    const first = fields.row.cells[0];
    if (typeof first === 'string' && first.trim() !== '' && fields.text('Number') === undefined)
      set.add(first.trim().toLowerCase());
  };
  await scan('aged_receivables', heading(roles.customers));
  await scan('aged_payables', heading(roles.vendors));
  await scan('account_transactions', (fields) => {
    const source = fields.text('Source')?.toLowerCase() ?? '';
    const set = source.startsWith('receivable')
      ? roles.customers
      : source.startsWith('payable')
        ? roles.vendors
        : undefined;
    const description = fields.text('Description');
    if (!set || !description) return;
    // "<contact> - <line>": every part before a " - " may be the contact's name.
    set.add(description.toLowerCase());
    for (let at = description.indexOf(' - '); at > 0; at = description.indexOf(' - ', at + 3))
      set.add(description.slice(0, at).toLowerCase());
  });
  context.facts.set(ROLES, roles);
}

function rolesOf(
  row: RowFields,
  name: string,
  context: MappingContext,
): { customer: boolean; vendor: boolean } {
  const configured = Object.entries(context.overrides.contactRoles ?? {}).find(
    ([contact]) => contact.toLowerCase() === name.toLowerCase(),
  )?.[1];
  if (configured) return { customer: configured !== 'vendor', vendor: configured !== 'customer' };
  const seen = context.facts.get(ROLES) as ContactRoles | undefined;
  const customer =
    (seen?.customers.has(name.toLowerCase()) ?? false) ||
    row.text('SalesAccount') !== undefined ||
    row.text('AccountsReceivableTaxCodeName') !== undefined;
  const vendor =
    (seen?.vendors.has(name.toLowerCase()) ?? false) ||
    row.text('PurchasesAccount') !== undefined ||
    row.text('AccountsPayableTaxCodeName') !== undefined;
  return { customer: customer || !vendor, vendor };
}

function addressOf(row: RowFields, prefix: 'PO' | 'SA'): Address | undefined {
  const lines = [1, 2, 3, 4].map((n) => row.text(`${prefix}AddressLine${n}`)).filter(Boolean);
  const value = compact({
    street: lines.length ? lines.join(', ') : undefined,
    city: row.text(`${prefix}City`),
    state: row.text(`${prefix}Region`),
    zipCode: row.text(`${prefix}PostalCode`),
    country: row.text(`${prefix}Country`),
  });
  return Object.keys(value).length ? value : undefined;
}

function partyOf(row: RowFields, name: string, terms: [string, string]): Party {
  const contact = compact({ firstName: row.text('FirstName'), lastName: row.text('LastName') });
  const [day, term] = terms.map((column) => row.text(column));
  return compact({
    key: name,
    name,
    email: row.text('EmailAddress'),
    phone: row.text('PhoneNumber') ?? row.text('MobileNumber'),
    website: row.text('Website'),
    taxNumber: row.text('TaxNumber'),
    paymentTerm: day && term ? `${day} ${term}` : undefined,
    currency: row.text('DefaultCurrency')?.toUpperCase(),
    billingAddress: addressOf(row, 'PO'),
    shippingAddress: addressOf(row, 'SA'),
    contactPerson: Object.keys(contact).length ? contact : undefined,
    active: true,
    source: row.location(),
  });
}

function contactTable<E extends 'customer' | 'vendor'>(entity: E): TableSpec<E> {
  return {
    ...sharedFileTable(entity, entity === 'customer' ? 'customers' : 'vendors', 'contacts'),
    required: true,
    columns: contactColumns,
    ignoredColumns: contacts.headers,
    map([row], context) {
      if (!row) return [];
      const name = row.required('ContactName');
      if (!name) return [{ entity, location: row.location(), problems: [] }];
      const roles = rolesOf(row, name, context);
      if (entity === 'customer' && !roles.vendor && !context.overrides.contactRoles?.[name]) {
        const seen = context.facts.get(ROLES) as ContactRoles | undefined;
        const known =
          seen?.customers.has(name.toLowerCase()) ||
          row.text('SalesAccount') ||
          row.text('AccountsReceivableTaxCodeName');
        if (!known) {
          row.problems.push(
            problemOf(
              'contact.role-unknown',
              `Contact "${name}" has no invoices, bills or default accounts, so it is migrated as a customer. Set it under "contactRoles" in the override file if it is a supplier.`,
              { location: row.location() },
            ),
          );
        }
      }
      if (entity === 'customer' ? !roles.customer : !roles.vendor) return [];
      const terms: [string, string] =
        entity === 'customer'
          ? ['DueDateSalesDay', 'DueDateSalesTerm']
          : ['DueDateBillDay', 'DueDateBillTerm'];
      const value = partyOf(row, name, terms) as Mapped<E>['value'];
      const mapped: Mapped<E> = { entity, value, location: row.location(), problems: [] };
      return [mapped];
    },
  };
}

export const xeroCustomers = contactTable('customer');
export const xeroVendors = contactTable('vendor');
