import type { Account } from '../../ledger/index.js';

/** The company's calendar: converted at the start of 2026, books kept to the end of March. */
export const CUTOVER = '2026-01-01';
export const END = '2026-03-31';

type ChartAccount = Omit<Account, 'source' | 'active'>;

/** An account of the legacy chart, keyed by its code. */
function account(
  code: string,
  name: string,
  kind: Account['kind'],
  systemRole?: Account['systemRole'],
): ChartAccount {
  return systemRole ? { key: code, code, name, kind, systemRole } : { key: code, code, name, kind };
}

/** The legacy chart: a small US service and retail business. */
export const chart: ChartAccount[] = [
  account('1000', 'Business Checking', 'bank'),
  account('1010', 'Savings', 'bank'),
  account('1100', 'Accounts Receivable', 'receivable', 'receivable'),
  account('1200', 'Prepaid Insurance', 'prepayment'),
  account('1500', 'Equipment', 'fixed-asset'),
  account('2000', 'Accounts Payable', 'payable', 'payable'),
  account('2200', 'Sales Tax Payable', 'tax', 'tax'),
  account('2500', 'Equipment Loan', 'non-current-liability'),
  account('3000', "Owner's Capital", 'equity'),
  account('3100', 'Retained Earnings', 'retained-earnings', 'retained-earnings'),
  account('4000', 'Product Sales', 'revenue'),
  account('4100', 'Service Revenue', 'revenue'),
  account('5000', 'Cost of Goods Sold', 'cost-of-sales'),
  account('6000', 'Rent', 'expense'),
  account('6100', 'Utilities', 'expense'),
  account('6200', 'Office Supplies', 'expense'),
  account('6300', 'Bank Fees', 'expense'),
  account('6400', 'Professional Fees', 'expense'),
];

/** Where bills without a product are expensed. */
export const expenseAccounts = ['5000', '6000', '6100', '6200', '6400'];
