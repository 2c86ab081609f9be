import {
  accountKinds,
  systemRoles,
  type Account,
  type AccountKind,
  type Party,
  type Product,
  type SystemRole,
  type Vendor,
} from '../../src/ledger/index.js';
import type { RowFields } from '../../src/sources/table-mapping/row-fields.js';
import { vocabulary } from '../../src/sources/table-mapping/row-fields.js';
import type { TableSpec } from '../../src/sources/table-mapping/table-spec.js';
import { mappedAccount, defaultSystemRole } from '../shared/account-mapping.js';
import { compact } from '../shared/document-parts.js';
import { genericColumns, genericFileNames } from './columns.js';

const kinds = vocabulary(
  Object.fromEntries(accountKinds.map((kind) => [kind, kind])) as Record<string, AccountKind>,
);
const roles = vocabulary(
  Object.fromEntries(systemRoles.map((role) => [role, role])) as Record<string, SystemRole>,
);
const productTypes = vocabulary({
  service: 'service',
  product: 'product',
  inventory: 'product',
} as const);

export const genericAccounts: TableSpec<'account'> = {
  id: 'accounts',
  entity: 'account',
  fileNames: genericFileNames('accounts'),
  required: true,
  columns: genericColumns('accounts'),
  map([row], context) {
    if (!row) return [];
    const code = row.text('Code');
    const name = row.required('Name');
    const kind = row.oneOf('Kind', kinds, {
      required: true,
      what: `one of the account kinds (${accountKinds.join(', ')})`,
    });
    const role = row.oneOf('SystemRole', roles, { what: `one of ${systemRoles.join(', ')}` });
    const key = code ?? name;
    if (row.failed || !name || !kind || !key)
      return [{ entity: 'account', key, location: row.location(), problems: [] }];
    const account: Account = compact({
      key,
      code,
      name,
      kind,
      systemRole: role ?? defaultSystemRole(kind),
      parentKey: row.text('Parent'),
      currency: row.text('Currency')?.toUpperCase(),
      description: row.text('Description'),
      active: row.boolean('Active', true),
      source: row.location(),
    });
    return mappedAccount(account, row, context);
  },
};

function partyOf(row: RowFields): Party | undefined {
  const name = row.required('Name');
  if (row.failed || !name) return undefined;
  const address = (prefix: string) => {
    const value = compact({
      street: row.text(`${prefix}Street`),
      city: row.text(`${prefix}City`),
      state: row.text(`${prefix}State`),
      zipCode: row.text(`${prefix}ZipCode`),
      country: row.text(`${prefix}Country`),
    });
    return Object.keys(value).length ? value : undefined;
  };
  const contact = compact({
    firstName: row.text('ContactFirstName'),
    lastName: row.text('ContactLastName'),
  });
  return compact({
    key: row.text('Key') ?? name,
    name,
    email: row.text('Email'),
    phone: row.text('Phone'),
    website: row.text('Website'),
    taxNumber: row.text('TaxNumber'),
    paymentTerm: row.text('PaymentTerm'),
    currency: row.text('Currency')?.toUpperCase(),
    billingAddress: address(''),
    shippingAddress: address('Shipping'),
    contactPerson: Object.keys(contact).length ? contact : undefined,
    notes: row.text('Notes'),
    active: row.boolean('Active', true),
    source: row.location(),
  });
}

export const genericCustomers: TableSpec<'customer'> = {
  id: 'customers',
  entity: 'customer',
  fileNames: genericFileNames('customers'),
  columns: genericColumns('customers'),
  map([row]) {
    if (!row) return [];
    const value = partyOf(row);
    return [
      {
        entity: 'customer',
        value,
        key: row.text('Key') ?? row.text('Name'),
        location: row.location(),
        problems: [],
      },
    ];
  },
};

export const genericVendors: TableSpec<'vendor'> = {
  id: 'vendors',
  entity: 'vendor',
  fileNames: genericFileNames('vendors'),
  columns: genericColumns('vendors'),
  map([row]) {
    if (!row) return [];
    const party = partyOf(row);
    const value: Vendor | undefined =
      party &&
      compact({ ...party, is1099: row.has('Is1099') ? row.boolean('Is1099', false) : undefined });
    return [
      {
        entity: 'vendor',
        value,
        key: row.text('Key') ?? row.text('Name'),
        location: row.location(),
        problems: [],
      },
    ];
  },
};

export const genericProducts: TableSpec<'product'> = {
  id: 'products',
  entity: 'product',
  fileNames: genericFileNames('products'),
  columns: genericColumns('products'),
  amountColumns: ['SalesPrice', 'PurchaseCost'],
  map([row]) {
    if (!row) return [];
    const name = row.required('Name');
    const type = row.oneOf('Type', productTypes, { required: true, what: 'service or product' });
    const key = row.text('Key') ?? name;
    const salesPrice = row.decimal('SalesPrice');
    const purchaseCost = row.decimal('PurchaseCost');
    if (row.failed || !name || !type || !key)
      return [{ entity: 'product', key, location: row.location(), problems: [] }];
    const value: Product = compact({
      key,
      name,
      sku: row.text('SKU'),
      description: row.text('Description'),
      type,
      salesPrice,
      purchaseCost,
      incomeAccountKey: row.text('IncomeAccount'),
      expenseAccountKey: row.text('ExpenseAccount'),
      taxable: row.boolean('Taxable', false),
      active: row.boolean('Active', true),
      source: row.location(),
    });
    return [{ entity: 'product', value, location: row.location(), problems: [] }];
  },
};
