import { formatCents } from '../../money/index.js';
import type { Account, Party, Product } from '../../ledger/index.js';
import { chart } from './generate-chart-of-accounts.js';
import { at, type Generation } from './generation.js';
import { companyName, nouns, partyOf } from './names.js';

export interface MasterData {
  accounts: Account[];
  customers: Party[];
  vendors: Party[];
  products: Product[];
}

/** The chart, customers, vendors and products, each from its own export file. */
export function makeMasterData(
  { random }: Generation,
  size: { customers: number; vendors: number; products: number },
): MasterData {
  const accounts: Account[] = chart.map((a, i) => ({
    ...a,
    active: true,
    source: at('accounts.csv', i + 2),
  }));
  const customers = Array.from({ length: size.customers }, (_, i) =>
    partyOf(
      `C${String(i + 1).padStart(5, '0')}`,
      companyName(random, i),
      at('customers.csv', i + 2),
      random,
    ),
  );
  const vendors = Array.from({ length: size.vendors }, (_, i) =>
    partyOf(
      `V${String(i + 1).padStart(5, '0')}`,
      `${companyName(random, i + 7)} Supply`,
      at('vendors.csv', i + 2),
      random,
    ),
  );
  const products: Product[] = Array.from({ length: size.products }, (_, i) => {
    const service = i % 3 === 0;
    return {
      key: `ITEM-${String(i + 1).padStart(4, '0')}`,
      name: `${service ? 'Service' : 'Product'} ${nouns[i % nouns.length]} ${i + 1}`,
      type: service ? 'service' : 'product',
      salesPrice: formatCents(BigInt(random.int(500, 50_000))),
      incomeAccountKey: service ? '4100' : '4000',
      ...(service ? {} : { expenseAccountKey: '5000' }),
      taxable: !service,
      active: true,
      source: at('products.csv', i + 2),
    };
  });

  return { accounts, customers, vendors, products };
}
