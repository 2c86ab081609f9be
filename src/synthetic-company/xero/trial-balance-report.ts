import { accountTypeOf, type Account } from '../../ledger/index.js';
import type { Cents } from '../../money/index.js';
import { reportAmount, reportDate } from './xero-values.js';
import { trialBalanceHeaders } from '../../../mappings/xero/export-layouts.js';

export interface TrialBalanceReport {
  organisation: string;
  /** ISO date printed as "As at …" in the title (the mapping dates the report from it). */
  asOf: string;
  accounts: ReadonlyMap<string, Account>;
  /** Year-to-date balance by account key, debit positive: the YTD columns. */
  balances: ReadonlyMap<string, Cents>;
  /** Movement over the report's period by account key, debit positive: the Debit/Credit columns. */
  movements: ReadonlyMap<string, Cents>;
}

/** Xero's sections, in the order the report prints them, with the heading of their total row. */
const sections = [
  { heading: 'Revenue', total: 'Total Revenue' },
  { heading: 'Less Cost of Sales', total: 'Total Cost of Sales' },
  { heading: 'Expenses', total: 'Total Expenses' },
  { heading: 'Assets', total: 'Total Assets' },
  { heading: 'Liabilities', total: 'Total Liabilities' },
  { heading: 'Equity', total: 'Total Equity' },
] as const;

type Heading = (typeof sections)[number]['heading'];

function sectionOf(account: Account): Heading {
  if (account.kind === 'cost-of-sales') return 'Less Cost of Sales';
  const type = accountTypeOf(account.kind);
  return type === 'Income' ? 'Revenue' : type;
}

/** Debit and credit sides of net amounts, debit positive. */
function sides(net: Cents): [Cents, Cents] {
  return net > 0n ? [net, 0n] : [0n, -net];
}

/**
 * The lines of Xero's Trial Balance report exported as CSV: title rows, a blank row, the column
 * row, then per section a heading, its accounts as "Name (Code)" sorted by name, and a total row;
 * a grand total last. Accounts with neither a balance nor a movement are left out, as Xero does.
 */
export function trialBalanceReportLines(report: TrialBalanceReport): string[][] {
  const lines: string[][] = [
    ['Trial Balance'],
    [report.organisation],
    [`As at ${reportDate(report.asOf)}`],
    [],
    [...trialBalanceHeaders],
  ];
  const keys = [...new Set([...report.balances.keys(), ...report.movements.keys()])].filter(
    (key) => (report.balances.get(key) ?? 0n) !== 0n || (report.movements.get(key) ?? 0n) !== 0n,
  );
  const accounts = keys.map((key) => {
    const account = report.accounts.get(key);
    if (!account) throw new Error(`the trial balance names account ${key}, not in the chart`);
    return account;
  });
  const grand: Cents[] = [0n, 0n, 0n, 0n];
  for (const section of sections) {
    const members = accounts
      .filter((account) => sectionOf(account) === section.heading)
      // Plain code point order, not localeCompare: the same bytes on every machine.
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    if (members.length === 0) continue;
    lines.push([section.heading]);
    const totals: Cents[] = [0n, 0n, 0n, 0n];
    for (const account of members) {
      const cells = [
        ...sides(report.movements.get(account.key) ?? 0n),
        ...sides(report.balances.get(account.key) ?? 0n),
      ];
      cells.forEach((value, i) => (totals[i] = (totals[i] ?? 0n) + value));
      const label = account.code ? `${account.name} (${account.code})` : account.name;
      lines.push([label, ...cells.map(reportAmount)]);
    }
    totals.forEach((value, i) => (grand[i] = (grand[i] ?? 0n) + value));
    lines.push([section.total, ...totals.map(reportAmount)]);
  }
  lines.push(['Total', ...grand.map(reportAmount)]);
  return lines;
}
