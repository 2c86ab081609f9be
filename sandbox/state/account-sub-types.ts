import type { AccountType, SystemRole } from './records.js';

/** One entry of the account sub-type catalog (assumption R5). */
export interface SubType {
  id: number;
  type: AccountType;
  name: string;
  anchorTier: string | null;
  /** Control sub-types belong to system accounts only; creating an account with one is a 400. */
  control: boolean;
}

const CATALOG: Array<[AccountType, string, boolean]> = [
  ['Assets', 'Cash and Bank', false],
  ['Assets', 'Accounts Receivable', true],
  ['Assets', 'Current Assets', false],
  ['Assets', 'Inventory', false],
  ['Assets', 'Prepayments', false],
  ['Assets', 'Fixed Assets', false],
  ['Assets', 'Non-current Assets', false],
  ['Liabilities', 'Accounts Payable', true],
  ['Liabilities', 'Credit Card', false],
  ['Liabilities', 'Current Liabilities', false],
  ['Liabilities', 'Sales Tax Payable', true],
  ['Liabilities', 'Non-current Liabilities', false],
  ['Equity', "Owner's Equity", false],
  ['Equity', 'Retained Earnings', true],
  ['Equity', 'Opening Balance Equity', true],
  ['Income', 'Revenue', false],
  ['Income', 'Other Income', false],
  ['Expenses', 'Cost of Sales', false],
  ['Expenses', 'Operating Expenses', false],
  ['Expenses', 'Depreciation', false],
  ['Expenses', 'Other Expenses', false],
];

/** The catalog, integer ids from 1 in the order of assumption R5. Every country gets the same one. */
export const SUB_TYPES: readonly SubType[] = CATALOG.map(([type, name, control], index) => ({
  id: index + 1,
  type,
  name,
  anchorTier: null,
  control,
}));

const BY_ID = new Map(SUB_TYPES.map((subType) => [subType.id, subType]));

export function subTypeById(id: number): SubType | undefined {
  return BY_ID.get(id);
}

export function subTypeNamed(name: string): SubType {
  const subType = SUB_TYPES.find((candidate) => candidate.name === name);
  if (!subType) throw new Error(`unknown sub-type ${name}`);
  return subType;
}

export const ACCOUNT_TYPES: readonly AccountType[] = [
  'Assets',
  'Liabilities',
  'Equity',
  'Income',
  'Expenses',
];

/** Sub-type ids whose accounts can carry bank transactions: Cash and Bank, Credit Card. */
export const BANK_SUB_TYPE_NAMES = new Set(['Cash and Bank', 'Credit Card']);

/** The system accounts of a new workspace (assumption R6), with their sub-types. */
export const SYSTEM_ACCOUNTS: ReadonlyArray<{ role: SystemRole; name: string; subType: string }> = [
  { role: 'accountsReceivable', name: 'Accounts Receivable', subType: 'Accounts Receivable' },
  { role: 'accountsPayable', name: 'Accounts Payable', subType: 'Accounts Payable' },
  { role: 'salesTaxPayable', name: 'Sales Tax Payable', subType: 'Sales Tax Payable' },
  { role: 'retainedEarnings', name: 'Retained Earnings', subType: 'Retained Earnings' },
  {
    role: 'openingBalanceEquity',
    name: 'Opening Balance Equity',
    subType: 'Opening Balance Equity',
  },
  { role: 'uncategorizedIncome', name: 'Uncategorized Income', subType: 'Other Income' },
  { role: 'uncategorizedExpense', name: 'Uncategorized Expense', subType: 'Operating Expenses' },
];

/** Debit-normal types show a positive balance when debits exceed credits. */
export function isDebitNormal(type: AccountType): boolean {
  return type === 'Assets' || type === 'Expenses';
}
