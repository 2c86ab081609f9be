import { accountTypeOf, type AccountKind } from '../../ledger/index.js';
import type { SubType } from '../contracts/migration-api.js';

/**
 * Sub-type names each account kind prefers, best first, matched case-insensitively as substrings.
 * The catalog is the workspace's own (it varies by country), so names are hints, not ids.
 */
const preferences: Record<AccountKind, string[]> = {
  bank: ['cash and bank', 'bank', 'cash'],
  receivable: ['receivable'],
  'current-asset': ['current asset'],
  inventory: ['inventory'],
  prepayment: ['prepayment', 'prepaid'],
  'fixed-asset': ['fixed asset', 'property'],
  'non-current-asset': ['non-current asset', 'other asset', 'long term'],
  payable: ['payable'],
  'credit-card': ['credit card'],
  'current-liability': ['current liabilit'],
  tax: ['tax'],
  'non-current-liability': ['non-current liabilit', 'long term liabilit'],
  equity: ["owner's equity", 'equity'],
  'retained-earnings': ['retained'],
  'opening-balance-equity': ['opening balance'],
  revenue: ['revenue', 'sales', 'income'],
  'other-income': ['other income'],
  'cost-of-sales': ['cost of sales', 'cost of goods'],
  expense: ['operating expense', 'expense'],
  depreciation: ['depreciation'],
  'other-expense': ['other expense'],
};

/**
 * The sub-type to create an account of `kind` with: the first preferred name in the right type
 * bucket that is not a control sub-type (those are reserved for the workspace's system accounts),
 * else any other sub-type of the bucket.
 */
export function chooseSubType(
  kind: AccountKind,
  catalog: SubType[],
  controlSubTypeNames: ReadonlySet<string>,
): SubType | undefined {
  const type = accountTypeOf(kind);
  const usable = catalog.filter(
    (subType) => subType.type === type && !controlSubTypeNames.has(subType.name.toLowerCase()),
  );
  for (const preferred of preferences[kind]) {
    const found = usable.find((subType) => subType.name.toLowerCase().includes(preferred));
    if (found) return found;
  }
  return usable[0];
}
