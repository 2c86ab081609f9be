import { validationFailed } from '../http/api-error.js';
import { QueryReader } from '../http/query-reader.js';
import type { Query } from '../http/route.js';
import type { AccountRecord, AccountType, JournalEntryRecord } from '../state/records.js';
import { ACCOUNT_TYPES } from '../state/account-sub-types.js';
import type { WorkspaceData } from '../state/workspace-state.js';
import { accountTypeOf } from '../resources/account-rules.js';

const TRANSACTION_STATUSES = [
  'all',
  'reviewed',
  'unreviewed',
  'reconciled',
  'unreconciled',
] as const;

/** The report filters of the spec, validated; numeric ids are a 400 (spec: "Numeric ids are not accepted"). */
export interface ReportFilters {
  startDate?: string;
  endDate?: string;
  asOfDate?: string;
  accountUuids?: Set<string>;
  accountType?: AccountType;
  transactionStatus: (typeof TRANSACTION_STATUSES)[number];
}

export function readReportFilters(
  query: Query,
  required: Array<'startDate' | 'endDate' | 'asOfDate'>,
): ReportFilters {
  const reader = new QueryReader(query);
  const startDate = reader.date('startDate', required.includes('startDate'));
  const endDate = reader.date('endDate', required.includes('endDate'));
  const asOfDate = reader.date('asOfDate', required.includes('asOfDate'));
  const accounts = reader.uuidList('accountUuids', 'accounts');
  // Validated so a bad filter is a 400; these narrow reports the sandbox computes per account only.
  reader.uuidList('categoryAccount', 'categoryAccountUuid', 'categoryAccountUuids');
  reader.uuidList('tagUuids');
  reader.uuidList('customerUuids');
  reader.uuidList('vendorUuids');
  reader.uuidList('productUuids');
  reader.uuidList('projectUuids');
  reader.boolean('unknownCustomerAr');
  reader.boolean('unknownVendorAp');
  const accountType = reader.string('accountType');
  if (accountType !== undefined && !(ACCOUNT_TYPES as readonly string[]).includes(accountType)) {
    reader.errors.push({
      field: 'accountType',
      reason: 'invalid_enum',
      message: `accountType must be one of ${ACCOUNT_TYPES.join(', ')}.`,
    });
  }
  const transactionStatus = reader.enumOf('transactionStatus', TRANSACTION_STATUSES) ?? 'all';
  reader.assertValid();
  if (startDate && endDate && startDate > endDate)
    throw validationFailed('startDate must not be after endDate.');
  return {
    startDate,
    endDate,
    asOfDate,
    accountUuids: accounts ? new Set(accounts) : undefined,
    accountType: accountType as AccountType | undefined,
    transactionStatus,
  };
}

export function accountSelected(filters: ReportFilters, account: AccountRecord): boolean {
  if (filters.accountUuids && !filters.accountUuids.has(account.id)) return false;
  if (filters.accountType && accountTypeOf(account) !== filters.accountType) return false;
  return true;
}

/**
 * transactionStatus (assumption P4): reviewed / unreviewed look at the bank transaction behind a
 * line (lines of other documents count as reviewed); nothing is reconciled in the sandbox.
 */
export function entrySelected(
  ws: WorkspaceData,
  filters: ReportFilters,
  entry: JournalEntryRecord,
): boolean {
  switch (filters.transactionStatus) {
    case 'all':
    case 'unreconciled':
      return true;
    case 'reconciled':
      return false;
    case 'reviewed':
    case 'unreviewed': {
      const reviewed =
        entry.source.type === 'transaction'
          ? (ws.transactions.get(entry.source.uuid)?.reviewed ?? false)
          : true;
      return reviewed === (filters.transactionStatus === 'reviewed');
    }
  }
}

/** January 1st of the end date's year: the default fiscal-year start. */
export function fiscalYearStart(date: string): string {
  return `${date.slice(0, 4)}-01-01`;
}

const TYPE_ORDER = new Map(ACCOUNT_TYPES.map((type, index) => [type, index]));

/** Report order: by type (Assets first), then account number, then name. */
export function compareAccounts(a: AccountRecord, b: AccountRecord): number {
  const byType = TYPE_ORDER.get(accountTypeOf(a))! - TYPE_ORDER.get(accountTypeOf(b))!;
  if (byType !== 0) return byType;
  const left = `${a.accountNumber ?? '~'} ${a.name}`.toLowerCase();
  const right = `${b.accountNumber ?? '~'} ${b.name}`.toLowerCase();
  return left < right ? -1 : left > right ? 1 : 0;
}
