import type {
  AccountKind,
  Address,
  Party,
  Product,
  Vendor,
  DecimalString,
} from '../../src/ledger/index.js';
import type { MappingContext } from '../../src/sources/table-mapping/mapping-context.js';
import {
  vocabulary,
  vocabularyKey,
  type RowFields,
} from '../../src/sources/table-mapping/row-fields.js';
import type { AnyMapped } from '../../src/sources/table-mapping/table-spec.js';
import {
  defaultSystemRole,
  failUnknownAccountType,
  kindOfType,
} from '../shared/account-mapping.js';
import { compact } from '../shared/document-parts.js';
import { mergeJobIntoCustomer } from '../quickbooks-online/parties.js';
import { mappedAccountAtPath, splitPath } from '../quickbooks-online/accounts.js';

const RATE = /^[-+]?\d+(\.\d+)?\s*%$/;

/**
 * A PRICE cell, which QuickBooks writes as a rate ("7.5%", "-10.0%") for percentage items:
 * discounts, sales tax and surcharges. A rate is not a unit price, so it reads as no price, with an
 * info problem saying what happens instead (`instead` finishes the sentence).
 */
export function priceUnlessRate(
  row: RowFields,
  column: string,
  instead: string,
): DecimalString | undefined {
  const text = row.text(column);
  if (text === undefined || !RATE.test(text)) return row.decimal(column);
  row.note(
    'iif.percent-rate',
    `${row.where(column)} holds the rate ${text}, not a price: ${instead}.`,
    column,
  );
  return undefined;
}

/** QuickBooks Desktop ACCNTTYPE codes. NONPOSTING accounts (estimates, orders) are not migrated. */
const iifAccountTypes = vocabulary<AccountKind>({
  AP: 'payable',
  AR: 'receivable',
  BANK: 'bank',
  CCARD: 'credit-card',
  COGS: 'cost-of-sales',
  EQUITY: 'equity',
  EXEXP: 'other-expense',
  EXINC: 'other-income',
  EXP: 'expense',
  FIXASSET: 'fixed-asset',
  INC: 'revenue',
  LTLIAB: 'non-current-liability',
  OASSET: 'non-current-asset',
  OCASSET: 'current-asset',
  OCLIAB: 'current-liability',
});

/** EXTRA marks QuickBooks' special accounts. */
const extraKinds = vocabulary<AccountKind>({
  OPENBAL: 'opening-balance-equity',
  RETEARNINGS: 'retained-earnings',
  INVENTORYASSET: 'inventory',
  SALESTAX: 'tax',
  SALESTAXPAY: 'tax',
});

/** QuickBooks creates its sales tax liability under this fixed name. */
const SALES_TAX_NAME = /^sales tax payable$/i;

export const SALES_TAX_ITEMS = 'iif.salesTaxItems';

export function mapIifAccount(row: RowFields, context: MappingContext): AnyMapped[] {
  const path = row.required('NAME');
  const type = row.required('ACCNTTYPE');
  const code = row.text('ACCNUM');
  const key = code ?? path;
  if (type?.toUpperCase() === 'NONPOSTING') return [];
  const extra = row.text('EXTRA');
  let kind = type === undefined ? undefined : kindOfType(type, iifAccountTypes, context.overrides);
  const special = extra === undefined ? undefined : extraKinds.get(vocabularyKey(extra));
  if (kind !== undefined && special !== undefined) kind = special;
  if (kind === 'current-liability' && path && SALES_TAX_NAME.test(splitPath(path).name))
    kind = 'tax';
  failUnknownAccountType(row, 'ACCNTTYPE', type, kind);
  if (row.failed || !path || !kind || !key)
    return [{ entity: 'account', key, location: row.location(), problems: [] }];
  return mappedAccountAtPath(row, context, path, {
    code,
    kind,
    systemRole: defaultSystemRole(kind),
    description: row.text('DESC'),
    active: !row.boolean('HIDDEN', false),
  });
}

/** BADDR1..5 / ADDR1..5 are free lines; the first often repeats the name. */
function addressOf(row: RowFields, prefix: string, name: string): Address | undefined {
  const lines = [1, 2, 3, 4, 5]
    .map((n) => row.text(`${prefix}${n}`))
    .filter((line): line is string => Boolean(line));
  if (lines[0]?.toLowerCase() === name.toLowerCase()) lines.shift();
  return lines.length ? { street: lines.join(', ') } : undefined;
}

function partyOf(row: RowFields, name: string, addressPrefix: string): Party {
  const contact = compact({ firstName: row.text('FIRSTNAME'), lastName: row.text('LASTNAME') });
  return compact({
    key: name,
    name,
    email: row.text('EMAIL'),
    phone: row.text('PHONE1'),
    taxNumber: row.text('TAXID') ?? row.text('RESALENUM'),
    paymentTerm: row.text('TERMS'),
    billingAddress: addressOf(row, addressPrefix, name),
    contactPerson: Object.keys(contact).length ? contact : undefined,
    notes: row.text('NOTE'),
    active: !row.boolean('HIDDEN', false),
    source: row.location(),
  });
}

/** Customers; a job ("Customer:Job") is merged into its customer (the ledger has no jobs). */
export function mapIifCustomer(row: RowFields, context: MappingContext): AnyMapped[] {
  const name = row.required('NAME');
  if (!name) return [{ entity: 'customer', location: row.location(), problems: [] }];
  const at = name.indexOf(':');
  if (at > 0) {
    mergeJobIntoCustomer(row, context, name, name.slice(0, at));
    return [];
  }
  return [
    {
      entity: 'customer',
      value: partyOf(row, name, 'BADDR'),
      location: row.location(),
      problems: [],
    },
  ];
}

export function mapIifVendor(row: RowFields): AnyMapped[] {
  const name = row.required('NAME');
  if (!name) return [{ entity: 'vendor', location: row.location(), problems: [] }];
  const value: Vendor = compact({
    ...partyOf(row, name, 'ADDR'),
    is1099: row.text('1099')?.toUpperCase() === 'Y' ? true : undefined,
  });
  return [{ entity: 'vendor', value, location: row.location(), problems: [] }];
}

const itemTypes = vocabulary({
  SERV: 'service',
  OTHC: 'service',
  PART: 'product',
  INVENTORY: 'product',
  INVENTORYASSEMBLY: 'product',
  ASSEMBLY: 'product',
} as const);

/** Item types that are not products: tax items are remembered to tell tax splits from lines. */
const NOT_PRODUCTS = new Set(['DISC', 'GRP', 'PMT', 'COMPTAX', 'STAX', 'SUBT']);

export function mapIifItem(row: RowFields, context: MappingContext): AnyMapped[] {
  const name = row.required('NAME');
  const typeText = row.required('INVITEMTYPE')?.toUpperCase();
  if (!name || !typeText)
    return [{ entity: 'product', key: name, location: row.location(), problems: [] }];
  if (NOT_PRODUCTS.has(typeText)) {
    if (typeText === 'STAX' || typeText === 'COMPTAX') {
      const taxItems =
        (context.facts.get(SALES_TAX_ITEMS) as Set<string> | undefined) ?? new Set<string>();
      taxItems.add(name.toLowerCase());
      context.facts.set(SALES_TAX_ITEMS, taxItems);
    }
    return [];
  }
  const type = row.oneOf('INVITEMTYPE', itemTypes, {
    what: 'an item type (SERV, PART, INVENTORY, OTHC, …)',
  });
  const salesPrice = priceUnlessRate(row, 'PRICE', 'the product gets no sales price');
  const purchaseCost = row.decimal('COST');
  if (row.failed || !type)
    return [{ entity: 'product', key: name, location: row.location(), problems: [] }];
  const account = (...columns: string[]) => {
    const text = columns.map((column) => row.text(column)).find(Boolean);
    return text && (context.index.accountKey(text) ?? text);
  };
  const value: Product = compact({
    key: name,
    name,
    description: row.text('DESC') ?? row.text('PURCHASEDESC'),
    type,
    salesPrice,
    purchaseCost,
    incomeAccountKey: account('ACCNT'),
    expenseAccountKey: account('COGSACCNT', 'EXPACCNT'),
    taxable: row.boolean('TAXABLE', false),
    active: !row.boolean('HIDDEN', false),
    source: row.location(),
  });
  return [{ entity: 'product', value, location: row.location(), problems: [] }];
}
