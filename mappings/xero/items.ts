import type { Product } from '../../src/ledger/index.js';
import type { TableSpec } from '../../src/sources/table-mapping/table-spec.js';
import { compact } from '../shared/document-parts.js';
import { inventoryItems } from './export-layouts.js';
import { isUntaxedTaxType } from './tax-types.js';

export const xeroItems: TableSpec<'product'> = {
  id: 'products',
  entity: 'product',
  fileNames: ['inventory items', 'inventoryitems', 'items', 'products'],
  // Xero marks its required column "*ItemCode"; headers are matched without the asterisk.
  columns: inventoryItems.headers
    .map((header) => header.replace(/^\*/, ''))
    .map((id) => ({ id, headers: [id], required: id === 'ItemCode' })),
  amountColumns: ['SalesUnitPrice', 'PurchasesUnitPrice'],
  map([row], context) {
    if (!row) return [];
    const key = row.required('ItemCode');
    const salesPrice = row.decimal('SalesUnitPrice');
    const purchaseCost = row.decimal('PurchasesUnitPrice');
    if (row.failed || !key)
      return [{ entity: 'product', key, location: row.location(), problems: [] }];
    const account = (column: string) => {
      const text = row.text(column);
      return text && (context.index.accountKey(text) ?? text);
    };
    const salesTax = row.text('SalesTaxRate');
    // Xero has no item type in the export: an item bought as well as sold is a product.
    const bought =
      purchaseCost !== undefined ||
      row.text('PurchasesAccount') !== undefined ||
      row.text('Quantity') !== undefined;
    const value: Product = compact({
      key,
      name: row.text('ItemName') ?? key,
      description: row.text('SalesDescription') ?? row.text('PurchasesDescription'),
      type: bought ? 'product' : 'service',
      salesPrice,
      purchaseCost,
      incomeAccountKey: account('SalesAccount'),
      expenseAccountKey: account('PurchasesAccount'),
      taxable: salesTax !== undefined && !isUntaxedTaxType(salesTax),
      active: true,
      source: row.location(),
    });
    return [{ entity: 'product', value, location: row.location(), problems: [] }];
  },
};
