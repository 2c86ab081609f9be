import type { TableSpec } from '../../src/sources/table-mapping/table-spec.js';
import type { RowFields } from '../../src/sources/table-mapping/row-fields.js';
import { centsOf } from '../../src/money/index.js';
import { sidesOf } from '../shared/document-parts.js';
import { genericColumns, genericFileNames } from './columns.js';

/** Debit and credit of a balance row, netted to one side (blank cells are zero). */
function sides(row: RowFields): { debit: string; credit: string } | undefined {
  const debit = row.moneyOrZero('Debit');
  const credit = row.moneyOrZero('Credit');
  if (debit === undefined || credit === undefined) return undefined;
  return sidesOf(centsOf(debit) - centsOf(credit));
}

export const genericOpeningBalances: TableSpec<'opening-balance'> = {
  id: 'opening_balances',
  entity: 'opening-balance',
  fileNames: genericFileNames('opening_balances'),
  columns: genericColumns('opening_balances'),
  amountColumns: ['Debit', 'Credit'],
  map([row], context) {
    if (!row) return [];
    const account = row.required('Account');
    const amounts = sides(row);
    const accountKey = account && (context.index.accountKey(account) ?? account);
    if (row.failed || !accountKey || !amounts)
      return [{ entity: 'opening-balance', key: account, location: row.location(), problems: [] }];
    return [
      {
        entity: 'opening-balance',
        value: { accountKey, ...amounts, source: row.location() },
        location: row.location(),
        problems: [],
      },
    ];
  },
};

export const genericTrialBalance: TableSpec<'trial-balance'> = {
  id: 'trial_balance',
  entity: 'trial-balance',
  fileNames: genericFileNames('trial_balance'),
  columns: genericColumns('trial_balance'),
  dateColumns: ['AsOf'],
  amountColumns: ['Debit', 'Credit'],
  map([row], context) {
    if (!row) return [];
    const asOf = row.date('AsOf', { required: true });
    const account = row.required('Account');
    const amounts = sides(row);
    const accountKey = account && (context.index.accountKey(account) ?? account);
    if (row.failed || !asOf || !accountKey || !amounts)
      return [{ entity: 'trial-balance', key: account, location: row.location(), problems: [] }];
    return [
      {
        entity: 'trial-balance',
        value: { asOf, accountKey, ...amounts, source: row.location() },
        location: row.location(),
        problems: [],
      },
    ];
  },
};
