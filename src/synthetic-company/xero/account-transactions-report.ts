import { accountTypeOf, type Account } from '../../ledger/index.js';
import type { Cents } from '../../money/index.js';
import type { Posting } from './report-postings.js';
import { ledgerAmount, periodDate, reportRowDate } from './xero-values.js';

/** The report's column row. */
const accountTransactionsHeaders = [
  'Date',
  'Source',
  'Description',
  'Reference',
  'Debit',
  'Credit',
  'Running Balance',
  'Gross',
  'Tax',
];

export interface AccountTransactionsPeriod {
  organisation: string;
  from: string;
  to: string;
  /** Balance by account key at the start of the period, debit positive. */
  opening: ReadonlyMap<string, Cents>;
}

const isBalanceSheet = (account: Account | undefined) => {
  const type = account && accountTypeOf(account.kind);
  return type === 'Assets' || type === 'Liabilities' || type === 'Equity';
};

/** Debit and Credit cells of a net amount, debit positive. */
const sides = (net: Cents): [string, string] =>
  net > 0n ? [ledgerAmount(net), ledgerAmount(0n)] : [ledgerAmount(0n), ledgerAmount(-net)];

/**
 * Xero's Account Transactions report as its CSV export writes it, gathered posting by posting: title
 * rows, a blank row, the column row and a blank row; then, in chart order, each account with
 * activity in the period under a heading of its name alone, its rows by date (in the order posted
 * within a day) with the running balance, `Total <account>`, and for balance sheet accounts
 * `Opening Balance` and `Closing Balance` rows around them; a grand `Total` last. Layout evidence:
 * ../shared/real-layouts/EVIDENCE.md, "Target 3".
 */
export class AccountTransactionsReport {
  private readonly byAccount = new Map<string, Posting[]>();

  /** @param accounts the chart, by key, in chart order (read when the lines are written). */
  constructor(private readonly accounts: ReadonlyMap<string, Account>) {}

  post(postings: readonly Posting[]): void {
    for (const posting of postings) {
      let list = this.byAccount.get(posting.accountKey);
      if (!list) {
        list = [];
        this.byAccount.set(posting.accountKey, list);
      }
      list.push(posting);
    }
  }

  *lines(period: AccountTransactionsPeriod): Generator<string[]> {
    yield ['Account Transactions'];
    yield [period.organisation];
    yield [`For the period ${periodDate(period.from)} to ${periodDate(period.to)}`];
    yield [];
    yield accountTransactionsHeaders;
    yield [];
    const chart = [...this.accounts.keys()];
    const unknown = [...this.byAccount.keys()].filter((key) => !this.accounts.has(key));
    if (unknown.length > 0)
      throw new Error(`postings name accounts not in the chart: ${unknown.join(', ')}`);
    let debits = 0n;
    let credits = 0n;
    for (const key of chart) {
      const postings = this.byAccount.get(key);
      if (!postings) continue;
      const account = this.accounts.get(key);
      const balanceSheet = isBalanceSheet(account);
      yield [account?.name ?? key];
      let balance = balanceSheet ? (period.opening.get(key) ?? 0n) : 0n;
      if (balanceSheet)
        yield [
          'Opening Balance',
          '',
          '',
          '',
          ...sides(balance),
          ledgerAmount(balance),
          '0.00',
          '0.00',
        ];
      // A stable sort: rows of one day stay in the order they were posted.
      const ordered = postings.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
      const totals = { debit: 0n, credit: 0n, gross: 0n, tax: 0n };
      for (const posting of ordered) {
        balance += posting.net;
        if (posting.net > 0n) totals.debit += posting.net;
        else totals.credit -= posting.net;
        totals.gross += posting.net + posting.tax;
        totals.tax += posting.tax;
        yield [
          reportRowDate(posting.date),
          posting.source,
          posting.description,
          posting.reference ?? '',
          ...sides(posting.net),
          ledgerAmount(balance),
          ledgerAmount(posting.net + posting.tax),
          ledgerAmount(posting.tax),
        ];
      }
      debits += totals.debit;
      credits += totals.credit;
      yield [
        `Total ${account?.name ?? key}`,
        '',
        '',
        '',
        ledgerAmount(totals.debit),
        ledgerAmount(totals.credit),
        ledgerAmount(totals.debit - totals.credit),
        ledgerAmount(totals.gross),
        ledgerAmount(totals.tax),
      ];
      if (balanceSheet)
        yield [
          'Closing Balance',
          '',
          '',
          '',
          ...sides(balance),
          ledgerAmount(balance),
          '0.00',
          '0.00',
        ];
      yield [];
    }
    yield ['Total', '', '', '', ledgerAmount(debits), ledgerAmount(credits), '', '', ''];
  }
}
