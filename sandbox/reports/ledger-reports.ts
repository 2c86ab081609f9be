import type { Cents } from '../../src/money/index.js';
import { money } from '../http/views.js';
import type { AccountRecord } from '../state/records.js';
import { isDebitNormal } from '../state/account-sub-types.js';
import type { WorkspaceData } from '../state/workspace-state.js';
import { accountTypeOf } from '../resources/account-rules.js';
import {
  accountSelected,
  compareAccounts,
  entrySelected,
  fiscalYearStart,
  type ReportFilters,
} from './report-filters.js';

/** Debits minus credits per account over the lines dated within [from, to], in one pass. */
function netByAccount(
  ws: WorkspaceData,
  filters: ReportFilters,
  from: string | null,
  to: string,
): Map<string, Cents> {
  const net = new Map<string, Cents>();
  for (const entry of ws.journal.entries.values()) {
    if (entry.date > to || (from !== null && entry.date < from)) continue;
    if (!entrySelected(ws, filters, entry)) continue;
    for (const line of entry.lines) {
      net.set(line.accountUuid, (net.get(line.accountUuid) ?? 0n) + line.debit - line.credit);
    }
  }
  return net;
}

function accountsOf(
  ws: WorkspaceData,
  filters: ReportFilters,
  ids: Iterable<string>,
): AccountRecord[] {
  const accounts: AccountRecord[] = [];
  for (const id of ids) {
    const account = ws.accounts.get(id);
    if (account && accountSelected(filters, account)) accounts.push(account);
  }
  return accounts.sort(compareAccounts);
}

/** Trial balance (assumption P1): cumulative balances to endDate, debits equal credits. */
export function trialBalance(ws: WorkspaceData, filters: ReportFilters) {
  const endDate = filters.endDate!;
  const net = netByAccount(ws, filters, null, endDate);
  let debitTotal = 0n;
  let creditTotal = 0n;
  const rows = accountsOf(ws, filters, net.keys()).map((account) => {
    const balance = net.get(account.id)!;
    const debit = balance > 0n ? balance : 0n;
    const credit = balance < 0n ? -balance : 0n;
    debitTotal += debit;
    creditTotal += credit;
    return {
      accountUuid: account.id,
      accountName: account.name,
      accountNumber: account.accountNumber,
      accountType: accountTypeOf(account),
      debit: money(debit),
      credit: money(credit),
      balance: money(balance),
    };
  });
  return {
    report: 'trial-balance',
    currency: ws.meta.currency,
    startDate: filters.startDate ?? fiscalYearStart(endDate),
    endDate,
    rows,
    totals: { debit: money(debitTotal), credit: money(creditTotal) },
  };
}

/** Profit and loss: revenue positive, expenses negative, net profit their algebraic sum (spec). */
export function profitAndLoss(ws: WorkspaceData, filters: ReportFilters) {
  const net = netByAccount(ws, filters, filters.startDate!, filters.endDate!);
  let income = 0n;
  let expenses = 0n;
  const rows = accountsOf(ws, filters, net.keys())
    .filter((account) => {
      const type = accountTypeOf(account);
      return type === 'Income' || type === 'Expenses';
    })
    .map((account) => {
      const amount = -net.get(account.id)!;
      if (accountTypeOf(account) === 'Income') income += amount;
      else expenses += amount;
      return {
        accountUuid: account.id,
        accountName: account.name,
        accountType: accountTypeOf(account),
        amount: money(amount),
      };
    });
  return {
    report: 'pnl',
    currency: ws.meta.currency,
    startDate: filters.startDate,
    endDate: filters.endDate,
    rows,
    totals: {
      income: money(income),
      expenses: money(expenses),
      netProfit: money(income + expenses),
    },
  };
}

/** Balance sheet as of endDate; cumulative profit appears in Equity as "Net Income" (assumption P5). */
export function balanceSheet(ws: WorkspaceData, filters: ReportFilters) {
  const endDate = filters.endDate!;
  const net = netByAccount(ws, filters, null, endDate);
  const sections = new Map<
    string,
    { name: string; total: Cents; accounts: Array<Record<string, unknown>> }
  >(['Assets', 'Liabilities', 'Equity'].map((name) => [name, { name, total: 0n, accounts: [] }]));
  let netIncome = 0n;
  for (const account of accountsOf(
    ws,
    { ...filters, accountUuids: undefined, accountType: undefined },
    net.keys(),
  )) {
    const type = accountTypeOf(account);
    const debitBalance = net.get(account.id)!;
    if (type === 'Income' || type === 'Expenses') {
      netIncome -= debitBalance;
      continue;
    }
    const balance = isDebitNormal(type) ? debitBalance : -debitBalance;
    const section = sections.get(type)!;
    section.total += balance;
    section.accounts.push({
      accountUuid: account.id,
      accountName: account.name,
      balance: money(balance),
    });
  }
  const equity = sections.get('Equity')!;
  equity.accounts.push({ accountUuid: null, accountName: 'Net Income', balance: money(netIncome) });
  equity.total += netIncome;
  const assets = sections.get('Assets')!.total;
  const liabilities = sections.get('Liabilities')!.total;
  return {
    report: 'balance-sheet',
    currency: ws.meta.currency,
    startDate: null,
    endDate,
    sections: [...sections.values()].map((section) => ({
      ...section,
      total: money(section.total),
    })),
    totals: {
      assets: money(assets),
      liabilities: money(liabilities),
      equity: money(equity.total),
      liabilitiesAndEquity: money(liabilities + equity.total),
    },
  };
}

/** Account transactions (assumption P3): opening, lines with running balance, ending, per account. */
export function accountTransactions(ws: WorkspaceData, filters: ReportFilters) {
  const start = filters.startDate!;
  const end = filters.endDate!;
  const opening = new Map<string, Cents>();
  const lines = new Map<
    string,
    Array<{
      date: string;
      entryId: string;
      memo: string;
      reference: string | null;
      source: { type: string; uuid: string };
      debit: Cents;
      credit: Cents;
      description: string;
    }>
  >();
  for (const entry of ws.journal.entries.values()) {
    if (entry.date > end) continue;
    if (!entrySelected(ws, filters, entry)) continue;
    for (const line of entry.lines) {
      if (entry.date < start) {
        opening.set(
          line.accountUuid,
          (opening.get(line.accountUuid) ?? 0n) + line.debit - line.credit,
        );
        continue;
      }
      let list = lines.get(line.accountUuid);
      if (!list) {
        list = [];
        lines.set(line.accountUuid, list);
      }
      list.push({
        date: entry.date,
        entryId: entry.id,
        memo: entry.memo,
        reference: entry.referenceNumber,
        source: entry.source,
        debit: line.debit,
        credit: line.credit,
        description: line.description,
      });
    }
  }
  const ids = new Set([...opening.keys(), ...lines.keys()]);
  const accounts = accountsOf(ws, filters, ids).map((account) => {
    const sign = isDebitNormal(accountTypeOf(account)) ? 1n : -1n;
    const openingBalance = sign * (opening.get(account.id) ?? 0n);
    let running = openingBalance;
    const accountLines = (lines.get(account.id) ?? [])
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
      .map((line) => {
        running += sign * (line.debit - line.credit);
        return {
          date: line.date,
          memo: line.memo,
          description: line.description,
          referenceNumber: line.reference,
          journalEntryUuid: line.entryId,
          source: line.source,
          debit: money(line.debit),
          credit: money(line.credit),
          runningBalance: money(running),
        };
      });
    return {
      accountUuid: account.id,
      accountName: account.name,
      accountType: accountTypeOf(account),
      openingBalance: money(openingBalance),
      endingBalance: money(running),
      lines: accountLines,
    };
  });
  return {
    report: 'account-transactions',
    currency: ws.meta.currency,
    startDate: start,
    endDate: end,
    accounts,
  };
}
