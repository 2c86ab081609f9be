import type { Product } from '../../src/ledger/index.js';
import { vocabulary } from '../../src/sources/table-mapping/row-fields.js';
import type { TableSpec } from '../../src/sources/table-mapping/table-spec.js';
import { compact } from '../shared/document-parts.js';

const types = vocabulary({
  service: 'service',
  inventory: 'product',
  'non-inventory': 'product',
  noninventory: 'product',
  bundle: 'service',
  group: 'service',
} as const);

/** Products and services. The SKU is the item code when present (its key), else the name. */
export const quickBooksOnlineProducts: TableSpec<'product'> = {
  id: 'products',
  entity: 'product',
  fileNames: ['products', 'products and services', 'productservicelist', 'items'],
  columns: [
    { id: 'Name', headers: ['Name', 'Product/Service Name', 'Product/Service'], required: true },
    { id: 'SKU', headers: ['SKU'] },
    { id: 'Type', headers: ['Type', 'Item type'], required: true },
    { id: 'Sales Description', headers: ['Sales Description', 'Description'] },
    { id: 'Sales Price/Rate', headers: ['Sales Price/Rate', 'Sales Price', 'Price'] },
    { id: 'Income Account', headers: ['Income Account'] },
    { id: 'Purchase Description', headers: ['Purchase Description'] },
    { id: 'Purchase Cost', headers: ['Purchase Cost', 'Cost'] },
    { id: 'Expense Account', headers: ['Expense Account'] },
    { id: 'Quantity on Hand', headers: ['Quantity on Hand', 'Qty On Hand'] },
    { id: 'Inventory Asset Account', headers: ['Inventory Asset Account'] },
    { id: 'As-of date', headers: ['As-of date', 'As of date'] },
    { id: 'Taxable', headers: ['Taxable'] },
  ],
  amountColumns: ['Sales Price/Rate', 'Purchase Cost'],
  map([row], context) {
    if (!row) return [];
    const name = row.required('Name');
    const type = row.oneOf('Type', types, {
      required: true,
      what: 'Service, Inventory, Non-inventory or Bundle',
    });
    const salesPrice = row.decimal('Sales Price/Rate');
    const purchaseCost = row.decimal('Purchase Cost');
    const sku = row.text('SKU');
    const key = sku ?? name;
    if (row.failed || !name || !type || !key)
      return [{ entity: 'product', key, location: row.location(), problems: [] }];
    const account = (column: string) => {
      const text = row.text(column);
      return text && (context.index.accountKey(text) ?? text);
    };
    const value: Product = compact({
      key,
      name,
      description: row.text('Sales Description') ?? row.text('Purchase Description'),
      type,
      salesPrice,
      purchaseCost,
      incomeAccountKey: account('Income Account'),
      expenseAccountKey: account('Expense Account'),
      taxable: row.boolean('Taxable', false),
      active: true,
      source: row.location(),
    });
    return [{ entity: 'product', value, location: row.location(), problems: [], aliases: [name] }];
  },
};
