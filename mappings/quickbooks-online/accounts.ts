import type { Account, AccountKind, SystemRole } from '../../src/ledger/index.js';
import { vocabulary, vocabularyKey } from '../../src/sources/table-mapping/row-fields.js';
import type { MappingContext } from '../../src/sources/table-mapping/mapping-context.js';
import type { RowFields } from '../../src/sources/table-mapping/row-fields.js';
import type { Mapped, TableSpec } from '../../src/sources/table-mapping/table-spec.js';
import { failUnknownAccountType, mappedAccount, kindOfType } from '../shared/account-mapping.js';
import { compact } from '../shared/document-parts.js';

/** QuickBooks Online account types. */
const quickBooksOnlineAccountTypes = vocabulary<AccountKind>({
  bank: 'bank',
  'accounts receivable (a/r)': 'receivable',
  'accounts receivable': 'receivable',
  'other current assets': 'current-asset',
  'other current asset': 'current-asset',
  'fixed assets': 'fixed-asset',
  'fixed asset': 'fixed-asset',
  'other assets': 'non-current-asset',
  'other asset': 'non-current-asset',
  'accounts payable (a/p)': 'payable',
  'accounts payable': 'payable',
  'credit card': 'credit-card',
  'other current liabilities': 'current-liability',
  'other current liability': 'current-liability',
  'long term liabilities': 'non-current-liability',
  'long term liability': 'non-current-liability',
  equity: 'equity',
  income: 'revenue',
  'cost of goods sold': 'cost-of-sales',
  expenses: 'expense',
  expense: 'expense',
  'other income': 'other-income',
  'other expense': 'other-expense',
});

/** Detail types that pin a kind more precisely than the type does. */
const detailKinds = vocabulary<AccountKind>({
  inventory: 'inventory',
  'prepaid expenses': 'prepayment',
  'sales tax payable': 'tax',
  'global tax payable': 'tax',
  'sales tax': 'tax',
  'retained earnings': 'retained-earnings',
  'opening balance equity': 'opening-balance-equity',
  depreciation: 'depreciation',
});

const roleOfKind: Partial<Record<AccountKind, SystemRole>> = {
  receivable: 'receivable',
  payable: 'payable',
  tax: 'tax',
  'retained-earnings': 'retained-earnings',
  'opening-balance-equity': 'opening-balance-equity',
};

/** Splits "Parent:Child" into the parent path and the account's own name. */
export function splitPath(path: string): { parent?: string; name: string } {
  const at = path.lastIndexOf(':');
  if (at < 0) return { name: path.trim() };
  return { parent: path.slice(0, at).trim(), name: path.slice(at + 1).trim() };
}

/**
 * A QuickBooks account known by its "Parent:Child" path: keyed by its number, else that path; its
 * name is the path's last part and its parent is found by the rest; the override file applies to it.
 */
export function mappedAccountAtPath(
  row: RowFields,
  context: MappingContext,
  path: string,
  fields: Pick<Account, 'code' | 'kind' | 'systemRole' | 'description' | 'active'>,
): Mapped<'account'>[] {
  const { parent, name } = splitPath(path);
  const account: Account = compact({
    key: fields.code ?? path,
    code: fields.code,
    name,
    kind: fields.kind,
    systemRole: fields.systemRole,
    parentKey: parent && (context.index.accountKey(parent) ?? parent),
    description: fields.description,
    active: fields.active,
    source: row.location(),
  });
  return mappedAccount(account, row, context, path);
}

export const quickBooksOnlineAccounts: TableSpec<'account'> = {
  id: 'accounts',
  entity: 'account',
  fileNames: ['accounts', 'chart of accounts', 'account list'],
  required: true,
  columns: [
    { id: 'Account Number', headers: ['Account Number', 'Number', 'Acct #', 'Account #'] },
    {
      id: 'Account Name',
      headers: ['Account Name', 'Full name', 'Account', 'Name'],
      required: true,
    },
    { id: 'Type', headers: ['Type', 'Account Type'], required: true },
    { id: 'Detail Type', headers: ['Detail Type', 'Detail type'] },
    { id: 'Description', headers: ['Description'] },
  ],
  // The Account List's balances: the trial balance gives them.
  ignoredColumns: ['Balance'],
  map([row], context) {
    if (!row) return [];
    const code = row.text('Account Number');
    const path = row.required('Account Name');
    const type = row.required('Type');
    const detail = row.text('Detail Type');
    const fromDetail = detail === undefined ? undefined : detailKinds.get(vocabularyKey(detail));
    const kind =
      type === undefined
        ? undefined
        : (fromDetail ?? kindOfType(type, quickBooksOnlineAccountTypes, context.overrides));
    failUnknownAccountType(row, 'Type', type, kind);
    const key = code ?? path;
    if (row.failed || !path || !kind || !key)
      return [{ entity: 'account', key, location: row.location(), problems: [] }];
    return mappedAccountAtPath(row, context, path, {
      code,
      kind,
      systemRole: roleOfKind[kind],
      description: row.text('Description'),
      active: true,
    });
  },
};
