import type {
  Comparison,
  VerificationReport,
} from '../../migration/contracts/verification-report.js';
import type { RunReport } from '../run-report.js';
import { html, type HtmlValue, type SafeHtml } from './escape.js';
import { formatMoney, isZeroMoney, plural } from './format.js';
import { htmlLimits } from './limits.js';
import { capped, dataTable, emptyNote, moreInWorkbook, type Column } from './table.js';
import { verdictOf } from './verdict.js';

const differs = (line: Comparison) => !isZeroMoney(line.difference);

const columns: Column<Comparison>[] = [
  { header: 'Key', cell: (line) => html`<span class="key">${line.key}</span>`, width: '16%' },
  { header: 'Name', cell: (line) => line.name },
  { header: 'Expected', cell: (line) => formatMoney(line.expected), numeric: true, width: '14%' },
  { header: 'Actual', cell: (line) => formatMoney(line.actual), numeric: true, width: '14%' },
  {
    header: 'Difference',
    cell: (line) => formatMoney(line.difference),
    numeric: true,
    width: '14%',
  },
  {
    header: 'Check',
    cell: (line) =>
      differs(line)
        ? html`<span class="tone-warn"><span aria-hidden="true">≠</span> differs</span>`
        : html`<span class="tone-good"><span aria-hidden="true">✓</span> matches</span>`,
    nowrap: true,
    width: '9%',
  },
  { header: 'Probable cause', cell: (line) => line.cause ?? '' },
  { header: 'Expected from', cell: (line) => line.expectedFrom ?? '' },
];

const comparisonTable = (lines: readonly Comparison[]) =>
  dataTable(lines, columns, { rowClass: (line) => (differs(line) ? 'differs' : undefined) });

/** Differences first (what needs review), then every line; the same order for each comparison. */
function differencesFirst(lines: readonly Comparison[]): Comparison[] {
  return [...lines.filter(differs), ...lines.filter((line) => !differs(line))];
}

/** Account by account, then customer by customer and vendor by vendor. */
export function verificationSection(report: RunReport): SafeHtml {
  const verification = report.verification;
  const body = verification ? details(report, verification) : emptyNote(verdictOf(report).detail);
  return html`<section id="verification" aria-labelledby="verification-title">
    <h2 id="verification-title">Verification</h2>
    ${body}
  </section>`;
}

function details(report: RunReport, verification: VerificationReport): HtmlValue {
  const verdict = verdictOf(report);
  const different = verification.accounts.filter(differs);
  const notes = verification.notes.length
    ? html`<ul class="notes">
        ${verification.notes.map((note) => html`<li>${note}</li>`)}
      </ul>`
    : '';
  return html`<p class="lead">
      <strong>${verdict.title}${verdict.finding ? html`: ${verdict.finding}` : ''}.</strong>
      ${verdict.detail} Expected is the legacy figure, actual the
      ${verification.source === 'projection' ? 'projected' : "workspace's"} figure; difference is
      actual minus expected.
    </p>
    ${notes}
    <h3>
      Accounts with differences <span class="count">${plural(different.length, 'account')}</span>
    </h3>
    ${different.length ? comparisonTable(different) : emptyNote('Every account matches. ✓')}
    <h3>
      All accounts <span class="count">${plural(verification.accounts.length, 'account')}</span>
    </h3>
    ${comparisonTable(verification.accounts)}
    ${counterparties('Receivables by customer', verification.receivables, verification)}
    ${counterparties('Payables by vendor', verification.payables, verification)}
    ${
      verification.ledgerAgainstLegacy.length
        ? html`<h3>
              Migrated ledger against the legacy trial balance
              <span class="count"
                >${plural(verification.ledgerAgainstLegacy.length, 'difference')}</span
              >
            </h3>
            <p class="lead">
              Differences already present in the exports before anything was migrated.
            </p>
            ${comparisonTable(verification.ledgerAgainstLegacy)}`
        : ''
    }`;
}

function counterparties(
  title: string,
  lines: readonly Comparison[],
  verification: VerificationReport,
): SafeHtml {
  const different = lines.filter(differs).length;
  const { shown, hidden } = capped(differencesFirst(lines), htmlLimits.counterparties);
  const summary = lines.length
    ? html`<span class="count"
        >${plural(lines.length, 'line')}, ${plural(different, 'difference')}</span
      >`
    : '';
  return html`<h3>${title} ${summary}</h3>
    ${lines.length ? comparisonTable(shown) : emptyNote(emptyText(verification))}
    ${moreInWorkbook(hidden, lines.length, 'Verification')}`;
}

/** Aging is read from the workspace's reports, so only live runs compare it. */
function emptyText(verification: VerificationReport): string {
  return verification.source === 'projection'
    ? "Compared in the live run, against the workspace's aged receivables and payables."
    : 'Nothing to compare: no open balances on either side.';
}
