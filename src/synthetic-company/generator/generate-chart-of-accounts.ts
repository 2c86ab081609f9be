import type { Account } from '../../ledger/index.js';

/** The company's calendar: converted at the start of 2026, books kept to the end of March. */
export const CUTOVER = '2026-01-01';
export const END = '2026-03-31';

/** The legacy chart: a small US service and retail business. */
export const chart: Array<Omit<Account, 'source' | 'active'>> = [
  { key: '1000', code: '1000', name: 'Business Checking', kind: 'bank' },
  { key: '1010', code: '1010', name: 'Savings', kind: 'bank' },
  {
    key: '1100',
    code: '1100',
    name: 'Accounts Receivable',
    kind: 'receivable',
    systemRole: 'receivable',
  },
  { key: '1200', code: '1200', name: 'Prepaid Insurance', kind: 'prepayment' },
  { key: '1500', code: '1500', name: 'Equipment', kind: 'fixed-asset' },
  { key: '2000', code: '2000', name: 'Accounts Payable', kind: 'payable', systemRole: 'payable' },
  { key: '2200', code: '2200', name: 'Sales Tax Payable', kind: 'tax', systemRole: 'tax' },
  { key: '2500', code: '2500', name: 'Equipment Loan', kind: 'non-current-liability' },
  { key: '3000', code: '3000', name: "Owner's Capital", kind: 'equity' },
  {
    key: '3100',
    code: '3100',
    name: 'Retained Earnings',
    kind: 'retained-earnings',
    systemRole: 'retained-earnings',
  },
  { key: '4000', code: '4000', name: 'Product Sales', kind: 'revenue' },
  { key: '4100', code: '4100', name: 'Service Revenue', kind: 'revenue' },
  { key: '5000', code: '5000', name: 'Cost of Goods Sold', kind: 'cost-of-sales' },
  { key: '6000', code: '6000', name: 'Rent', kind: 'expense' },
  { key: '6100', code: '6100', name: 'Utilities', kind: 'expense' },
  { key: '6200', code: '6200', name: 'Office Supplies', kind: 'expense' },
  { key: '6300', code: '6300', name: 'Bank Fees', kind: 'expense' },
  { key: '6400', code: '6400', name: 'Professional Fees', kind: 'expense' },
];

/** Where bills without a product are expensed. */
export const expenseAccounts = ['5000', '6000', '6100', '6200', '6400'];
