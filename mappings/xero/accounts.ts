import type { Account, AccountKind, SystemRole } from '../../src/ledger/index.js';
import { vocabulary } from '../../src/sources/table-mapping/row-fields.js';
import type { TableSpec } from '../../src/sources/table-mapping/table-spec.js';
import { failUnknownAccountType, mappedAccount, kindOfType } from '../shared/account-mapping.js';
import { compact } from '../shared/document-parts.js';
import { chartOfAccounts } from './export-layouts.js';

/** Xero's display labels and API codes for account types (capitalisation varies: keys ignore it). */
const xeroAccountTypes = vocabulary<AccountKind>({
  bank: 'bank',
  'current asset': 'current-asset',
  current: 'current-asset',
  'fixed asset': 'fixed-asset',
  fixed: 'fixed-asset',
  'non-current asset': 'non-current-asset',
  noncurrent: 'non-current-asset',
  inventory: 'inventory',
  prepayment: 'prepayment',
  'current liability': 'current-liability',
  currliab: 'current-liability',
  liability: 'current-liability',
  'non-current liability': 'non-current-liability',
  termliab: 'non-current-liability',
  payg: 'current-liability',
  equity: 'equity',
  revenue: 'revenue',
  sales: 'revenue',
  'other income': 'other-income',
  otherincome: 'other-income',
  'direct costs': 'cost-of-sales',
  directcosts: 'cost-of-sales',
  overhead: 'expense',
  overheads: 'expense',
  expense: 'expense',
  depreciation: 'depreciation',
  depreciatn: 'depreciation',
  // System accounts export with their own labels.
  'accounts receivable': 'receivable',
  'accounts payable': 'payable',
  'unpaid expense claims': 'current-liability',
  vat: 'tax',
  gst: 'tax',
  'sales tax': 'tax',
  historical: 'opening-balance-equity',
  'historical adjustment': 'opening-balance-equity',
  rounding: 'expense',
  tracking: 'equity',
  'retained earnings': 'retained-earnings',
});

/** System labels that map onto the workspace's own accounts. */
const xeroSystemRoles = vocabulary<SystemRole>({
  'accounts receivable': 'receivable',
  'accounts payable': 'payable',
  vat: 'tax',
  gst: 'tax',
  'sales tax': 'tax',
  historical: 'opening-balance-equity',
  'historical adjustment': 'opening-balance-equity',
  'retained earnings': 'retained-earnings',
});

export const xeroAccounts: TableSpec<'account'> = {
  id: 'accounts',
  entity: 'account',
  fileNames: ['chart of accounts', 'chartofaccounts', 'accounts'],
  required: true,
  columns: [
    { id: 'Code', headers: ['Code', 'Account Code', '*Code'] },
    { id: 'Name', headers: ['Name', 'Account Name'], required: true },
    { id: 'Type', headers: ['Type', 'Account Type'], required: true },
    { id: 'Tax Code', headers: ['Tax Code', 'TaxCode', 'Tax Type'] },
    { id: 'Description', headers: ['Description'] },
    { id: 'Status', headers: ['Status'] },
  ],
  // The chart's balances come from the trial balance; the rest are Xero's own settings.
  ignoredColumns: chartOfAccounts.headers,
  map([row], context) {
    if (!row) return [];
    const code = row.text('Code');
    const name = row.required('Name');
    const type = row.required('Type');
    const key = code ?? name;
    const kind =
      type === undefined ? undefined : kindOfType(type, xeroAccountTypes, context.overrides);
    failUnknownAccountType(row, 'Type', type, kind, true);
    if (row.failed || !name || !kind || !key)
      return [{ entity: 'account', key, location: row.location(), problems: [] }];
    const status = row.text('Status')?.toLowerCase();
    const account: Account = compact({
      key,
      code,
      name,
      kind,
      systemRole:
        type === undefined
          ? undefined
          : xeroSystemRoles.get(type.toLowerCase().replace(/[^a-z0-9]/g, '')),
      description: row.text('Description'),
      active: status !== 'archived' && status !== 'deleted',
      source: row.location(),
    });
    return mappedAccount(account, row, context);
  },
};
