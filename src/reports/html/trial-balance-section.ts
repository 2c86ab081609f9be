import { centsOf, formatCents, type Cents } from '../../money/index.js';
import type { RunReport } from '../run-report.js';
import { html, type SafeHtml } from './escape.js';
import { formatMoney, plural } from './format.js';
import { dataTable, emptyNote, type Column } from './table.js';

type Line = RunReport['projectedTrialBalance'][number];

/** A balance is debit minus credit; a trial balance shows it in the column of its side. */
function sideOf(balance: string): { debit: Cents; credit: Cents } {
  let cents: Cents;
  try {
    cents = centsOf(balance);
  } catch {
    return { debit: 0n, credit: 0n };
  }
  return cents >= 0n ? { debit: cents, credit: 0n } : { debit: 0n, credit: -cents };
}

const amount = (cents: Cents) => (cents === 0n ? '' : formatMoney(formatCents(cents)));

const columns: Column<Line>[] = [
  { header: 'Key', cell: (line) => html`<span class="key">${line.key}</span>`, nowrap: true },
  { header: 'Account', cell: (line) => line.name },
  { header: 'Debit', cell: (line) => amount(sideOf(line.balance).debit), numeric: true },
  { header: 'Credit', cell: (line) => amount(sideOf(line.balance).credit), numeric: true },
];

/** The trial balance the workspace should show at the end date, in debit and credit columns. */
export function trialBalanceSection(report: RunReport): SafeHtml {
  const lines = report.projectedTrialBalance;
  let debit = 0n;
  let credit = 0n;
  for (const line of lines) {
    const side = sideOf(line.balance);
    debit += side.debit;
    credit += side.credit;
  }
  const balanced = debit === credit;
  const footer = [
    '',
    html`Total
    ${balanced ? html`<span class="tone-good">(balanced <span aria-hidden="true">✓</span>)</span>` : html`<span class="tone-bad">(not balanced: off by ${formatMoney(formatCents(debit - credit))})</span>`}`,
    formatMoney(formatCents(debit)),
    formatMoney(formatCents(credit)),
  ];
  return html`<section id="trial-balance" aria-labelledby="trial-balance-title">
    <h2 id="trial-balance-title">
      Projected trial balance <span class="count">${plural(lines.length, 'account')}</span>
    </h2>
    <p class="lead">
      What the workspace's trial balance should show at ${report.run.endDate}, computed from the
      migrated ledger (${report.run.currency}).
    </p>
    ${lines.length ? dataTable(lines, columns, { footer }) : emptyNote('No trial balance was projected for this run.')}
  </section>`;
}
